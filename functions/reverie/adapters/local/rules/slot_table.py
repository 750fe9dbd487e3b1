"""The slot table: which first-person clause sets which changeable attribute ("I'm on ward 7B" the workplace,
"we moved to Leeds" the home city, "my boss is Ana" the manager), read by `keys` in order. Only patterns and
names live here; finding a statement's slot is `keys`' business.
"""

from __future__ import annotations

import re

from reverie.adapters.local.rules.slot_words import (
    EMPLOYER_OBJECT,
    MOVED_FROM,
    NOT_A_DAY,
    NTH,
    OCCUPATION,
    SCHOOL,
    VEHICLE,
    WORKPLACE_PART,
)

# Adverbs a first-person clause may carry before its verb ("I've now moved", "we're still living"), and what
# was done because it had to be ("I had to register with a new GP").
ADVERB_RUN = (
    r"(?:(?:now|also|recently|just|finally|officially|actually|currently|still|no longer|never|rarely|since|"
    r"don't|do not|mostly|usually|only|had to) )*"
)
# (first-person clause pattern, attribute), tried in order; the first that matches names the slot.
SLOTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(r"^(?:i|we)(?:'m|'re|'ve| am| are| have)? " + ADVERB_RUN + pattern, re.I), attribute)
    for pattern, attribute in (
        # the part of a workplace one works in, and a move to another: "I'm on ward 7B", "I work in the
        # cardiac unit", "moved to ward 9", "transferred to the Leeds branch" (a move of work, not of home)
        (
            r"(?:(?:moved|moving|transferred|switched|posted|reassigned|rotated|seconded|relocated|gone|(?:been|got|"
            r"was|were|being) (?:moved|transferred|posted|reassigned|seconded))(?: over| across| back)?"
            + MOVED_FROM
            + r" (?:to|onto)|(?:work|working|worked|based|stationed) (?:on|in|at)|on) (?:the )?(?:[\w-]+ ){0,3}"
            + WORKPLACE_PART,
            "workplace",
        ),
        # where one is based for work, named: "I'm based at Gatwick", "stationed at RAF Lossiemouth"
        (r"(?:based|stationed) (?:at|out of) (?:the )?(?-i:[A-Z])", "workplace"),
        # a team before a home: "moved to the Ads team" is no house move
        (
            r"(?:joined|(?:moved|switched|transferred)(?: over| across)? to(?: (?:lead|run|join|head))?|on|part of|"
            r"leading|lead|running|managing|heading) the [\w -]+ team\b",
            "team",
        ),
        # a place of work moved to, named as one ("moved to the Leeds General", "transferred to St Mary's Hospital"):
        # where one works, not a home
        (
            r"(?:moved|moving|transferred|switched)(?: over| across)? to (?:the )?(?:(?-i:[A-Z])[\w'&-]* ){0,3}"
            r"(?-i:General|Infirmary|Hospital|Clinic|Surgery|Academy|College|University|Depot|HQ)\b",
            "employer",
        ),
        # a club moved to or joined, named as a club ("moved to Northside FC", "signed for Hillside Rovers"): the
        # club one plays for, not a home
        (
            r"(?:moved|moving|switched|transferred|joined|signed (?:for|with))(?: over| across)?(?: to)? (?:the )?"
            r"(?:(?-i:[A-Z])[\w'-]* ){1,3}(?-i:FC|AFC|RFC|CC|United|Rangers|Rovers|Athletic|Wanderers|Albion|Juniors|"
            r"Colts|Harriers)\b",
            "club",
        ),
        # the clock one keeps, not a place: "I'm based in Singapore time", "we're on Pacific time now"
        (r"(?:based |living |working )?(?:in|on) (?:[\w+-]+ ){1,2}time\b", "timezone"),
        (
            # "I live with two flatmates in Clapton", "moved in with my girlfriend in Hackney Wick" too
            # "moved down to London", "moved back up north to Leeds"
            r"(?:live|lived|living|reside|resided|residing|moved|relocated|based|settled)\b(?: back| again,?)?"
            # ("moved over to" a gym, an editor, a team is no move of home)
            r"(?: (?:down|up|out)(?: (?:north|south|east|west|here|there))?)?"
            # ("lives on her own in Hull", "moved in with my Auntie Sue in Beverley")
            r"(?: in)?(?: on (?:my|her|his|their|our) own)?(?: with (?:my |our |two |three |a |an |the |[\w-]+'s )?"
            # ("moved up to Year 5", "moved down to level 2": a level, not a place)
            r"[\w-]+(?: [\w-]+)?)? (?:in|to)\b(?! (?:year|level|grade|stage|set|group|division|league) \d)",
            "home_city",
        ),
        # the club one plays for, named ("plays for Riverside FC", "now plays for Hillside"): one at a time
        (
            r"(?:play|plays|playing) (?:football |rugby |cricket |hockey |netball |basketball )?for (?:the )?(?-i:[A-Z])",
            "club",
        ),
        # the practice one is registered with ("registered with the Elm Tree surgery"): the GP
        (
            r"(?:register|registered|re-registered|signed up) (?:with|at) (?:the |a new )?(?:[\w'-]+ ){0,3}?"
            r"(?:surgery|medical (?:centre|center|practice)|health centre|gp practice|gp)\b",
            "gp",
        ),
        # when one gets up: "I'm up at 5 every morning", "I always get up at 5am" (one time at a time)
        (
            r"(?:(?:always|normally|generally) )?(?:(?:get|gets|getting|wake|wakes|waking) )?up (?:at \d|early\b(?! (?:tomorrow|today|tonight)))"
            # ... said after what kind of sleeper one is: "I'm a morning person, up at 5 most days"
            r"|(?:a morning person|an early riser|an early bird),? (?:and )?(?:usually |always )?up (?:at|by|around) \d",
            "wake_time",
        ),
        # where one does the food shop ("we do our weekly shop at Sainsbury's", "started doing the big shop at
        # Aldi", "we get our groceries from Ocado"): one usual place at a time
        (
            r"(?:(?:started|start|starting) )?(?:do|does|doing|did) (?:the|our|my) (?:(?:big|weekly|food|main|grocery|"
            r"monthly) )+shop(?:ping)? (?:at|in|from|with)\b|(?:get|gets|getting|order|orders|ordering) "
            r"(?:our|my|the) (?:groceries|food shopping|food shop) (?:at|from|with)\b",
            "grocery_shop",
        ),
        # where one gets one's coffee ("I get my coffee at Fern now", "my go-to coffee shop is Grind"): one at a time
        (
            r"(?:get|gets|getting|buy|buys|buying|grab|grabs) (?:my|our|his|her|their) (?:morning )?coffees? (?:at|from)\b",
            "coffee_shop",
        ),
        # whom one goes to for one's hair, teeth or eyes ("started going to Jade at Studio 9 for my hair"): who
        # does them
        (
            r"(?:started |been |begun )?(?:go|goes|going|gone|went|see|sees|seeing) to (?:[\w&'-]+ ){1,5}for (?:my|our|his|her|their) "
            r"(?:hair|haircuts?)\b"
            # ... or where one has it done: "I get my hair cut at Toni's"
            r"|(?:get|gets|getting|have|has|having) (?:my|our|his|her|their) hair (?:cut|done|coloured|colored) (?:at|by|with)\b",
            "hairdresser",
        ),
        (
            r"(?:started |been |begun )?(?:go|goes|going|gone|went|see|sees|seeing) to (?:[\w&'-]+ ){1,5}for (?:my|our|his|her|their) teeth\b",
            "dentist",
        ),
        (
            r"(?:started |been |begun )?(?:go|goes|going|gone|went|see|sees|seeing) to (?:[\w&'-]+ ){1,5}for (?:my|our|his|her|their) "
            r"(?:eyes|eye tests?|glasses)\b",
            "optician",
        ),
        # near, named by where from: "Rob lives round the corner", "we live next door to my mum"
        (
            r"(?:live|lives|living|lived) (?:just )?(?:(?:a)?round the corner|next door|nearby|close by|down the road|"
            r"up the road|over the road)\b",
            "home_city",
        ),
        # back in a named place: where one lives again ("we're back in Bristol now")
        (r"back (?:home )?in (?-i:[A-Z])", "home_city"),
        # an address one lives at: "we live at 7 Calder Road"
        (r"(?:live|lives|living) at \d+[a-z]? (?-i:[A-Z])", "home_city"),
        # moved back to one's parents' ("Lily has moved back home with us for a while", "he moved home in May")
        (r"(?:moved|moving|moves|move) (?:back )?home\b", "home_city"),
        # living at home, moving out, a place of one's own got somewhere: where one lives too
        (
            r"(?:live|lives|lived|living) at home\b|moved out\b|(?:got|bought|rented|renting|rent|rents|found) "
            r"(?:a|an|our|my) "
            r"(?:(?:new|first|own|dream|forever) )?(?:flat|house|place|apartment|home|bungalow|cottage) in\b"
            # (not a holiday let: "rented a cottage in Padstow from 10 to 17 August", "... for a week")
            r"(?![^.;]*\b(?:from \d{1,2}(?:st|nd|rd|th)? (?:to|till|until|-) \d|for (?:a|the|two|three|one) "
            r"(?:week|weekend|fortnight|night)s?\b|for (?:our|a|the) holiday))",
            "home_city",
        ),
        # whom one lives with, at no place named: "Mum lives with us", "I live with my parents now" (not "with
        # asthma": people only)
        (
            r"(?:live|lives|lived|living|moved in|moving in) with (?:us|me|them|our \w+|my (?:parents|family|folks|"
            r"partner|wife|husband|boyfriend|girlfriend|mum|mom|dad|mother|father|sister|brother|son|daughter|kids|"
            r"grandparents|gran|nan|grandma|aunt|auntie|uncle|cousin|in-laws|flatmates?|housemates?)|(?-i:[A-Z])\w+)"
            r"(?= *(?:$|[,.;!]|now\b|these days\b|again\b|for now\b))",
            "household",
        ),
        # ... or one trained for: "I've retrained as a midwife", "qualified as a plumber"
        (r"(?:work|working|worked|re-?trained|trained|qualified) (?:as|in the role of)\b", "job_title"),
        (
            r"(?:a|b|ab|o) ?(?:positive|negative|pos|neg)(?=\s*(?:$|[,.;!]|now\b|too\b|blood\b))",
            "blood_type",
        ),  # "I'm O positive": the blood group
        # the school one goes to, named ("goes to Hillside Primary", "started at Oakfield Juniors", "is in Year 3
        # at St Anne's Primary"): a move of school replaces it (before the year: a school named is the school)
        (
            r"(?:(?:(?:go|goes|going|went|gone|started|starts|starting|moved|moving|changed|transferred|switched)"
            r"(?: schools?| reception| nursery| (?:year|grade|form) ?\d{1,2})? (?:to|at)|(?:am|is|are|'s|'m|now|still)"
            r"(?: (?:now|still))?(?: in (?:year|grade|form|class|reception)(?: ?\d{1,2})?)? at) "
            + SCHOOL
            # the schooling said in the verb, then the school by its name alone: "started reception at St Mary's";
            # or a child's stage before school, unnamed: "is at nursery" (a school named later replaces it)
            + r"|(?:started|starts|starting|moved|moving|changed|transferred|switched) (?:schools?|reception|"
            r"nursery|(?:year|grade|form) ?\d{1,2}) (?:to|at) (?:the )?(?-i:[A-Z])"
            r"|(?:am|is|are|'s|'m)(?: (?:now|still))? at (?:nursery|pre-?school|playgroup)\b)",
            "school",
        ),
        # where one is in one's schooling: "I'm in year 11", "in grade 4", "in my second year", "a third-year
        # medic" (a year of study moves on each September: one current value)
        (
            r"(?:(?:now |going |moved (?:up|down) |moving (?:up|down) )?(?:in|into|to) (?:(?:my|the|our) )?(?:(?:year|grade|form|"
            r"standard|class) ?\d{1,2}\b|" + NTH + r" year\b(?! of\b))|(?:a|an) " + NTH + r"[- ]year\b)",
            "school_year",
        ),
        # how old one is, said as a number: "I'm 34", "my son is 7 now", "I turned 40 in May" (not "I'm 7 months
        # pregnant")
        (
            r"(?:(?:just )?turned )?\d{1,3}(?: years? old)?(?= *(?:$|[,.;!]|now\b|today\b|(?:this|last) (?:week|month|"
            r"year)\b|next\b|in\b|on\b))",
            "age",
        ),
        # the departure one takes, by its time: "I'm on the 7:15 train", "I get the 8:02 now", "I catch the 6pm bus"
        (
            r"(?:on|get|catch|take|usually get|usually catch) the (?:\d{1,2}[:.]\d{2}|\d{1,2}(?:am|pm))"
            r"(?: (?:train|bus|ferry|tram|coach|boat))?(?= *(?:$|[,.;!]|now\b|to\b|into\b|from\b|in\b|home\b|every\b))"
            r"(?! *(?:to|into|in to) (?:work|the office)\b)",  # "the 7:40 train to work": how one commutes (below)
            "usual_departure",
        ),
        (r"(?:got |been |was |were )?promoted to\b", "job_title"),
        # a title given: "I've been made team lead", "got made head of department" ("made redundant" is none)
        (
            r"(?:got |been |was |were )made (?:a |an |the )?(?:[\w-]+ ){0,2}(?:"
            + OCCUPATION
            + r"|head|captain|chair|"
            r"partner|supervisor|foreman|deputy)",
            "job_title",
        ),
        (r"(?:work|working) (?:at|for)\b", "employer"),
        # working for no employer: "I'm freelancing now", "I'm retired", "I'm self-employed"
        (
            r"(?:(?:now|currently) )?(?:freelancing|freelance|self-employed|retired|between jobs|unemployed)\b",
            "employer",
        ),
        (
            r"(?:(?:work|works|working|worked) as )?(?:a|an) (?:[\w-]+ ){0,3}"
            + OCCUPATION
            + r" (?:at|for|with|on"
            + NOT_A_DAY
            # (a named place: "a developer at the BBC", not "a developer on the payments team")
            + r") (?:the )?(?-i:[A-Z])",
            "employer",
        ),
        # what one works as, said plainly: "I'm a nurse", "Leo is a paramedic now" (a later one replaces it)
        (
            # after "I'm" or "we are" (never "I have a therapist": whom one sees)
            r"(?:(?<='m )|(?<= am )|(?<='re )|(?<= are )|(?<=now )|(?<=still )|(?<=currently )|(?<=actually ))"
            # ("a builder's tea person" is a taste: the occupation's word is no occupation there)
            # ("I'm the payments team lead": the one post of its kind; "a keen gardener", "an avid writer": a
            # pastime, not a job)
            r"(?:a|an|the) (?!(?:keen|avid|amateur|aspiring|budding|wannabe|enthusiastic|weekend|hobby) )"
            r"(?:[\w-]+ ){0,2}" + OCCUPATION + r"(?! (?:by training|in training)\b)(?!['’]s\b)"
            r"(?!(?: [\w'-]+){0,2} person\b)",
            "job_title",
        ),
        (
            r"(?:(?:joined|left|quit) "
            + EMPLOYER_OBJECT
            + r"|started (?:at|working (?:at|for)|a new job at)|"
            # "got a job at Arup", "got the band 6 job on the Acute Medical Unit": the job names the place
            r"got (?:a|an|the) (?:[\w-]+ ){0,3}?(?:job|post|position|role) (?:at|on|with)"
            + NOT_A_DAY
            # (or a place of work named by what it is: "a new job at the council", "at the hospital")
            + r" (?=(?:the )?(?:(?-i:[A-Z])|(?:council|hospital|university|uni|school|college|library|airport|"
            r"post office|fire station|police station)\b))|"
            r"got hired (?:at|by)|hired by|resigned from|(?:handed|handing|hand|gave|given|put) (?:in )?"
            r"(?:my|our) notice)\b",
            "employer",
        ),
        (r"report to\b", "manager"),
        # whom one banks with: "I bank with Barclays", "switched my current account to Monzo"
        (
            r"(?:bank|banking) with\b|(?:switched|moved|changed) (?:my |our )?(?:current |bank |main )?account "
            r"(?:over )?to\b",
            "bank",
        ),
        # the phone plan one is on, by its data allowance or its kind: "I'm on the Vodafone 30GB plan", "we're on a
        # SIM-only contract with Three" (switched later: "switched my phone contract to Giffgaff")
        (
            r"on (?:the|a|an) (?:[\w-]+ ){0,3}?(?:\d+ ?GB (?:[\w-]+ )?|(?:phone|mobile|sim|sim-only) )"
            r"(?:plan|tariff|contract|bundle|deal)\b",
            "phone_contract",
        ),
        # ... or said by how: "I go to work on foot", "we get to work by bike"
        (
            r"(?:go|goes|going|get|gets|getting) (?:to|into|in to) (?:work|the office) (?:on foot|by (?:bike|bicycle|"
            r"car|bus|train|tube|tram|ferry|coach|scooter))\b",
            "commute",
        ),
        # how one gets to work: "I cycle to work now", "we get the train into work", "I've started cycling to work"
        # ("my commute is ...", below); the way of one day ("I drive to work on Fridays") is none
        (
            r"(?:(?:now|usually|normally|mostly) )?(?:started )?(?:cycle|cycling|bike|biking|drive|driving|walk|walking|"
            r"run|running|commute|commuting|(?:get|take|catch|getting|taking|catching|on) the "
            # (a time, or a route's number: "the 7:40 train", "the 42 bus", "the N29 bus")
            r"(?:\d{1,2}[:.]\d{2} |\d{1,2}(?:am|pm) |[a-z]?\d{1,3}[a-z]? )?(?:bus|train|tube|metro|"
            # (a line by its name: "the Jubilee line", "the Elizabeth line")
            r"tram|ferry|coach|overground|(?-i:[A-Z])[\w-]* line)) (?:to|into|in to) (?:work|the office)\b(?! on (?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)",
            "commute",
        ),
        # "seeing someone called Leo", "seeing Leo" (not "seeing the dentist on Friday")
        (
            # ("seeing Tom on Friday", "seeing Dr Lee at 3" is a meeting)
            r"(?:married to|engaged to|dating|seeing (?=someone\b|(?-i:[A-Z])(?![\w'.-]*(?: (?-i:[A-Z])[\w'-]*)?"
            r" (?:on|at|for|this|next|tomorrow|tonight|today|later|in|about)\b))|broke up with|split up with|divorced|"
            # "I've got a girlfriend now, Mia" (not "I've got a girlfriend who ...": of her)
            r"(?:got|have got|have) an? (?:new )?(?:girlfriend|boyfriend|partner)(?= *(?:$|[,.;!]|now\b|called\b|named\b)))",
            "partner",
        ),
        (
            # "I've gone (fully) vegan", "became a vegan"
            r"(?:(?:gone|went|going|become|became|turned|been) (?:back to (?:being )?)?(?:(?:fully|completely|totally|"
            r"full|strictly) )?(?:an? )?)?"
            r"(?:vegetarian|vegan|pescatarian|(?:eat|eating|ate|started eating|stopped eating) "
            r"(?:meat|fish|dairy|pork|beef|chicken))\b",
            "diet",
        ),
        # whether one drinks: "I'm teetotal", "I don't drink alcohol at all", "I've started drinking again"
        (
            r"(?:teetotal|tee-total|sober|(?:drink|drinking|drank|started drinking|stopped drinking|quit drinking)"
            r"(?: (?:alcohol|booze))?(?= *(?:$|[,.;!]|again\b|at all\b|any ?more\b|alcohol\b)))",
            "drinking",
        ),
        (r"(?:working on|building|leading)\b", "current_project"),
        # the days one works from home: "I work from home on Mondays" (one's "work-from-home day" by name)
        (r"(?:work|working) from home (?:on )?(?:mon|tues|wednes|thurs|fri)days?\b", "wfh_days"),
        # when one works: "I work day shifts", "I'm on nights now", "we're doing earlies this month"
        (
            r"(?:(?:been|got) )?(?:(?:gone|moved|switched|put|back) )?(?:on|onto|to|work|working|worked|doing|do)"
            # ("on permanent night shifts", "on regular lates")
            r" (?:(?:permanent|regular|fixed|mostly|all) )?(?:(?:the )?(?:day|night|early|late|evening|weekend|twilight)s?"
            r"(?: |-)?(?:shifts?|rota)|nights|"
            r"days|earlies|lates)\b(?! (?:off|of|out|ago|in a row|a week|\d))",
            "shift_pattern",
        ),
        # ... and for how long: "I work 9 to 5", "I only work mornings now", "I've gone part-time"
        (
            r"(?:(?:gone|went|going|switched|moved|dropped|cut|back|been|work|working|worked|am|'m) (?:down |back )?"
            r"(?:to )?(?:part|full)[- ]time\b|(?:work|working|worked) (?:(?:from )?\d{1,2}(?:[:.]\d\d)? ?(?:am|pm)? ?"
            r"(?:to|till|until|-) ?\d{1,2}(?:[:.]\d\d)? ?(?:am|pm)?|mornings|afternoons|evenings|weekends|weekdays)\b"
            # "I work four days a week", "I'm working 3 days a week now"
            r"|(?:work|works|working) (?:only |just )?(?:[1-6]|one|two|three|four|five|six) days? (?:a|per) week\b"
            # "I work Monday to Friday", "I've gone down to four days"
            r"|(?:work|working|worked) (?:mon|tues|wednes|thurs|fri|satur|sun)days? (?:to|till|until|through|-) "
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
            r"|(?:gone|went|dropped|cut|moved|come|going) (?:down|up|back) to (?:[1-6]|one|two|three|four|five|six) days\b)",
            "shift_pattern",
        ),
        # what one drives is one's car: "we drive a 2021 Kia Niro now", "I drive an old Volvo estate" (not
        # "I drive an hour to work": a vehicle is a year, a make's name, or a kind of vehicle); so is a
        # vehicle one got ("bought a second-hand camper van")
        (
            r"(?:(?:drive|drove|driving) (?:a|an) (?:(?:19|20)\d\d\b|(?:[\w-]+ ){0,2}?(?-i:[A-Z]))|"
            r"(?:drive|drove|driving|got|bought|leased?) (?:a|an) (?:[\w-]+ ){0,2}" + VEHICLE + ")",
            "car",
        ),
        # what one is paid: "I earn £32k a year", "I'm on £36k now", "we make about $90,000" (a sum "on" is a pay
        # only as a yearly or thousands figure: "on £5 a month for Spotify" is a price)
        (
            r"(?:(?:earn|earning|earns|make|making|paid|take home|taking home) (?:about |around |roughly )?[£$€]\d|"
            r"on (?:about |around )?[£$€]\d[\d,.]*(?:k\b|,000\b| (?:a|per) (?:year|annum)\b))",
            "salary",
        ),
        # a mortgage taken again: "we remortgaged with Nationwide at 3.9%" (a new deal replaces the old)
        (r"(?:remortgaged|re-mortgaged|remortgaging)\b", "mortgage"),
        # the phone one has or got ("finally got a Pixel 8", "I have an iPhone 12", "switched to a Galaxy")
        (
            r"(?:have|has|had|got|bought|use|using|switched to|upgraded to|moved to) (?:a |an |the |my )?"
            r"(?:new |shiny |second-hand |refurbished |used )?(?:iphone|pixel|galaxy|samsung|oneplus|xiaomi|"
            r"huawei|motorola|nokia|fairphone)\b",
            "phone",
        ),
        # ... and the laptop one works on ("I work on a 2019 MacBook Pro", "I'm on an M3 MacBook Air now")
        (
            r"(?:have|has|had|got|bought|use|using|switched to|upgraded to|moved to|work on|working on|on) "
            r"(?:a |an |the |my )?(?:new |second-hand |refurbished |used |work )?(?:(?:\d{4}|m\d) )?"
            r"(?:macbook|thinkpad|chromebook|surface (?:laptop|pro)|dell xps|xps)\b",
            "laptop",
        ),
    )
)
MY_SLOT_RE = re.compile(
    r"^(?:my|our) (?:new |current |present |old |former )?(?P<what>manager|boss|lead|supervisor|team lead|"
    r"girlfriend|boyfriend|wife|husband|partner|fianc[eé]e?|role|job title|title|position|job|team|"
    r"employer|company|editor|ide|phone|laptop|car|project|current project|diet|commute|bank)"
    # "my car's a 2014 Golf", "my boss's Ana" (never "my car's engine ...": a possession of the thing); "my
    # partner's name is Chris" says who
    r"(?:'s name)?(?: (?:is|are|was|will be)\b|'s (?=(?:a|an|the|now|still|called|named)\b|\d|(?-i:[A-Z])))",
    re.I,
)
# An attribute of one's own given a new value by name: "we've switched broadband to Zen", "I changed energy
# supplier to Octopus" (a thing moved to a place, "moved my desk to the window", is no such value).
SWITCHED_ATTRIBUTE_RE = re.compile(
    r"^(?:i|we)(?:'ve| have)? (?:just |finally |now |recently )?(?:switched|changed|moved) (?:my |our |the |their |his |her )?"
    # (never a person moved: "we moved him to Hillcrest" says where he goes, no attribute of the speaker's)
    r"(?P<attr>(?!(?:from|over|him|her|them|it|us|me)\b)[a-z]+(?: (?!over\b)[a-z]+)?) (?:over )?to (?-i:[A-Z])"
    # ... or the new one named first, what it is for after it: "we've gone over to Virgin Media for the broadband"
    r"|^(?:i|we)(?:'ve| have)? (?:just |finally |now |recently )?(?:switched|changed|moved|gone|gone over|"
    r"switched over) to (?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,2} for (?:my |our |the )"
    r"(?P<attr_after>[a-z]+(?: [a-z]+)?)[.!]*$",
    re.I,
)
MY_SLOT_NAMES = {
    **dict.fromkeys("home_day home_days wfh_day wfh_days".split(), "wfh_days"),
    **dict.fromkeys("manager boss lead supervisor team_lead".split(), "manager"),
    **dict.fromkeys(
        "girlfriend boyfriend wife husband partner fiance fiancee fiancé fiancée".split(), "partner"
    ),
    **dict.fromkeys("role job_title title position job".split(), "job_title"),
    **dict.fromkeys("employer company".split(), "employer"),
    **dict.fromkeys("bank current_account bank_account".split(), "bank"),
    # one mortgage deal at a time: "our mortgage rate is 1.9% fixed" / "we've remortgaged at 4.4%"
    **dict.fromkeys("mortgage mortgage_rate mortgage_deal mortgage_lender".split(), "mortgage"),
    # the practice one is registered with: "my GP", "my GP surgery", "our doctor's surgery"
    **dict.fromkeys("gp gp_surgery gp_practice surgery doctors_surgery".split(), "gp"),
    **dict.fromkeys("project current_project".split(), "current_project"),
    **dict.fromkeys("editor ide".split(), "editor"),
    # the car's registration, however it is called: "my reg", "my car reg", "our number plate"
    **dict.fromkeys(
        "reg car_reg registration car_registration number_plate plate reg_number".split(), "car_reg"
    ),
    **dict.fromkeys("phone mobile mobile_phone smartphone".split(), "phone"),
    **dict.fromkeys("hairdresser hairdressers hair_salon salon barber barbers".split(), "hairdresser"),
    # a provider, by what it provides: "our energy supplier is Octopus" / "switched energy to British Gas"
    **dict.fromkeys(
        "energy energy_supplier energy_provider energy_company gas_supplier electricity_supplier".split(),
        "energy",
    ),
    **dict.fromkeys("broadband broadband_provider internet internet_provider isp".split(), "broadband"),
}
# Slots whose value is a person: "my husband is Tom" says who; "my husband is a teacher" says of him.
WHO_SLOTS = frozenset({"partner", "manager"})
# ("my boss is a guy called Graham": who he is, by name)
NAMED_RE = re.compile(
    r"\s*(?:(?:now|still|currently|actually)\s+)?(?:(?:an?\s+(?:guy|man|woman|lady|bloke|chap|girl|fella|person)\s+)?"
    r"(?:called|named)\s+)?(?-i:[A-Z])",
    re.I,
)
