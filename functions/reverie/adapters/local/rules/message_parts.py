"""A message's statements, shaped to be classified one by one, and the parts dropped on the way, with why.

A message is read sentence by sentence (punctuation said aloud, lists, spelled-out letters, hesitations and
details settled in the same breath made plain; secrets masked); each sentence loses what announces, asks or
requests rather than states (a preamble, a question or request after it, a one-off before it), the clauses
carrying a secret and, said to an agent, splits into the independent statements it joins.
"""

from __future__ import annotations

from dataclasses import dataclass

from reverie.adapters.local.rules.about_label import about_whom
from reverie.adapters.local.rules.animal_named import with_animal_named
from reverie.adapters.local.rules.appositions import named_in_brackets
from reverie.adapters.local.rules.bare_contrast import with_contrast_comma
from reverie.adapters.local.rules.chat_log import without_chat_lines
from reverie.adapters.local.rules.clauses import independent_statements
from reverie.adapters.local.rules.config_blocks import read_config_blocks
from reverie.adapters.local.rules.counts_left import with_counts_left
from reverie.adapters.local.rules.day_requests import one_off_before, request_before
from reverie.adapters.local.rules.decided_by import decided_by
from reverie.adapters.local.rules.denied_first import with_denied_turned
from reverie.adapters.local.rules.held_by_another import with_holder_named
from reverie.adapters.local.rules.item_lists import joined_lists
from reverie.adapters.local.rules.labelled_values import label_said
from reverie.adapters.local.rules.language import sentences
from reverie.adapters.local.rules.list_edits import list_edit
from reverie.adapters.local.rules.lists import as_sentences
from reverie.adapters.local.rules.lower_case import capitalised
from reverie.adapters.local.rules.named_in_paste import named_in_paste
from reverie.adapters.local.rules.not_earnest import not_in_earnest
from reverie.adapters.local.rules.note_requests import note_request
from reverie.adapters.local.rules.openings import adverb_after_subject, fronted_post, restated_in_english
from reverie.adapters.local.rules.pasted_tables import read_pasted_tables
from reverie.adapters.local.rules.plan_labels import plan_label
from reverie.adapters.local.rules.presupposed import presupposed
from reverie.adapters.local.rules.pursuits import topic_taken_up
from reverie.adapters.local.rules.reported import relays
from reverie.adapters.local.rules.secret_clauses import without_secrets
from reverie.adapters.local.rules.sentence_openings import (
    announcement,
    done_to_the_speaker,
    preamble,
    undislocated,
)
from reverie.adapters.local.rules.settled import settled_with_details
from reverie.adapters.local.rules.shouted import unshouted
from reverie.adapters.local.rules.spelling import spelled_out, without_hesitations
from reverie.adapters.local.rules.spoken_punctuation import punctuated
from reverie.adapters.local.rules.tag_questions import asserted
from reverie.adapters.local.rules.thing_details import described_in_brackets
from reverie.adapters.local.rules.thing_heading import of_the_heading, thing_heading
from reverie.adapters.local.rules.told_you import told_you
from reverie.adapters.local.rules.topic_label import it_as_heading
from reverie.adapters.local.rules.trailing_asks import (
    condition_after,
    question_after,
    request_after,
    standing_ask,
)
from reverie.adapters.local.rules.value_reassigned import with_value_reassigned
from reverie.adapters.local.rules.work_material import set_apart
from reverie.adapters.local.rules.wrong_then_right import with_wrong_turned
from reverie.domain.guards import mask_secrets


@dataclass(frozen=True)
class MessageParts:
    """The statements to classify, in order, and the parts dropped (text, reason), in order."""

    parts: list[str]
    dropped: list[tuple[str, str]]
    planned: frozenset[int] = frozenset()  # the parts a plan's label heads ("Plan for May: we fly ...")


def message_parts(text: str, to_agent: bool) -> MessageParts:
    """The message's statements to classify, one by one: its sentences, without the clauses that carry
    a secret (each dropped), and, said to an agent, each independent statement a sentence joins."""
    out: list[str] = []
    planned: set[int] = set()
    # "the MOT is due in March comma ...": dictated; "ebere swims ...": typed in lower case ("I TAKE ...": in
    # capitals); "4:30 not Tuesdays"
    # "ops:" over "  - rohan", "  - dervla": "The <title> ops are rohan and dervla."
    # "the vet isn't on Tuesday, it's on Thursday": "the vet is on Thursday, not Tuesday"
    text = read_pasted_tables(read_config_blocks(text))  # "sku,item,price_gbp" over rows: a line a row
    text = named_in_paste(text)  # "remember my new dentist from this email?" over "> Dr. A. Haddad, ..."
    text = with_denied_turned(with_contrast_comma(capitalised(punctuated(unshouted(text)))))
    text = with_wrong_turned(
        text
    )  # "You told me 5W-30, that's wrong. My Golf takes 0W-20": "0W-20, not 5W-30"
    text = with_holder_named(text)  # "I'm not diabetic, my dad is": "I'm not diabetic. My dad is diabetic."
    text = with_value_reassigned(text)  # "Mum's birthday is 14 May, 4 May is Dad's": Dad's birthday is 4 May
    text = with_animal_named(text)  # "we got a cat! she's called Miso": "... My cat is called Miso."
    text = with_counts_left(
        text
    )  # "a fox got one of the chickens, so we're down to two": "We have two chickens now"
    text, pasted = without_chat_lines(text)  # "[04/03/2026, 21:14] Dev: ...": what someone said then
    dropped: list[tuple[str, str]] = [(line, "a line of a pasted chat") for line in pasted]
    if to_agent:  # "Summarise this email for me: '...'": someone's text to work on, not the speaker's word
        text, material = set_apart(text)
        dropped.extend([(material, "text to work on")] if material else [])
    heading, text = about_whom(text)  # "Para kay Lolo: his pension is ...": whom every "his" stands for
    if heading:
        dropped.append((heading, "preamble"))
    for sentence in sentences(
        mask_secrets(
            without_hesitations(
                spelled_out(as_sentences(joined_lists(settled_with_details(text.replace("’", "'")))))
            )
        ).text
    ):
        sentence, secrets = without_secrets(sentence)
        for secret in secrets:
            dropped.append((secret, "secret"))
        if unmeant := not_in_earnest(sentence):  # "I just LOVE nights /s", "if I ever moved to X I'd ..."
            sentence = unmeant[0]
            dropped.append(unmeant[1:])
            if not sentence:
                continue
        if to_agent:  # "notes format: bullets, no full sentences": "notes format is bullets, ..."
            sentence = label_said(sentence)
        if to_agent and (edit := list_edit(sentence)):  # "swap flapjacks -> oat bars": what the list now has
            out.extend(edit)
            continue
        said_twice, sentence = restated_in_english(sentence)  # "main abhi N4 pe hoon, so I'm at N4 level"
        if said_twice:
            dropped.append((said_twice, "said again after it"))
        post, sentence = fronted_post(adverb_after_subject(sentence))  # "As chair of X, I must write ..."
        out.extend([post] if post else [])
        sentence, namings = named_in_brackets(sentence)  # "back from the GP (Dr Okonkwo)": my GP is ...
        out.extend(namings)
        sentence, descriptions = described_in_brackets(sentence)  # "our server (Hetzner, port 2456) is ..."
        out.extend(descriptions)
        stated, telling, sentence = told_you(sentence)
        if telling:  # "we got the keys and I'm going to dump everything on you: the landlord is ..."
            out.extend([stated] if stated else [])
            dropped.append((telling, "preamble"))
        headed = thing_heading(sentence)  # "For flat 4B at Alder House: the boiler is ...": flat 4B's
        if headed:
            dropped.append((sentence.strip()[: -len(headed[1])].rstrip(": "), "preamble"))
            sentence = headed[1]
        start = len(out)
        label, sentence = preamble(sentence)
        if label:  # "Quick intro: I teach Year 4, ...": the label announces, the statements follow
            dropped.append((label, "preamble"))
            sentence = it_as_heading(label, sentence)  # "the Clio's MOT: Dad says it's due ...": the MOT
        heads_plan = len(out) if label and plan_label(label) else None  # "Plan for May: we fly to ..."
        said, sentence = announcement(sentence)
        if said:  # "I am writing to let you know that I have moved ...": what is announced follows
            dropped.append((said, "preamble"))
        asked, sentence = note_request(sentence)
        if asked:  # "ok note this down for me the van's MOT is due ...": what to note follows
            dropped.append((asked, "preamble"))
        sentence = asserted(sentence)  # "you know I moved to Ghent, right?": the speaker says it
        sentence = decided_by(sentence)  # "Nationwide approved our mortgage!": the mortgage was approved
        sentence, question = question_after(sentence)  # "I play padel on Tuesdays, can you ...?"
        if question:
            dropped.append((question, "question"))
            out.extend(presupposed(question))  # "..., can my cat Nata come?": they have a cat called Nata
        if sentence and to_agent:  # "..., so scale the recipe for 8": the request is for now
            sentence = standing_ask(sentence)  # "I'm colour-blind so please avoid red ...": every time
            sentence, request = request_after(sentence)
            if request:
                dropped.append((request, "request"))
            sentence, once = one_off_before(sentence)  # "just this once order X, Ana's vegan": hers lasts
            if once:
                dropped.append((once, "one_off"))
            sentence, asked = request_before(sentence)  # "set up a call, mornings work best for me"
            if asked:
                dropped.append((asked, "request"))
            sentence, when = condition_after(sentence)  # "... so if you're planning X he needs Y"
            out.extend([when] if when else [])
        if sentence.rstrip().endswith("?"):  # "Should I pack my inhaler, given my asthma?": they have asthma
            out.extend(presupposed(sentence))
        if sentence:
            sentence = undislocated(sentence)  # "my cousin Efe, in the chat, she's saying ..."
            sentence = done_to_the_speaker(sentence)  # "they've put me on nights": the speaker's new state
            sentence = topic_taken_up(sentence)  # "the swimming, yeah, Kwame's doing it with me"
            joined = relays(sentence) or (independent_statements(sentence) if to_agent else [])
            out.extend(joined or [sentence])
        if heads_plan is not None:
            planned.update(range(heads_plan, len(out)))
        if headed:  # each statement after the heading, of the thing it names
            out[start:] = [of_the_heading(part, headed[0]) for part in out[start:]]
    return MessageParts(out, dropped, frozenset(planned))
