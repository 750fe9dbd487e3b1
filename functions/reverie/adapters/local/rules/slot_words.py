"""The words `keys`' slot patterns are built from: a vehicle, what one joins or leaves as an employer, a part of a
workplace, a school by its name, what someone works as, a year of study (pattern strings, not compiled)."""

from __future__ import annotations

VEHICLE = (
    r"(?:car|van|truck|pick-?up|hatchback|estate|suv|saloon|sedan|minivan|jeep|camper(?: ?van)?|motorbike|"
    r"motorcycle|scooter)\b"
)
# "a nurse on Mondays", "a job on Saturdays": a day after "on" is when, not where.
NOT_A_DAY = r"(?! (?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)"
# What one joins, leaves or quits as an employer: a named organisation ("left Arup", "joined the NHS"), never
# a named occasion or venue ("left the Christmas party", "the Tesco car park"); one's job, role or post ("quit
# my job", "left my old role"); a company or firm ("left the company", "joined a small startup"); a service
# ("joined the army"). Never a thing or a place left behind ("left my keys at home", "left the lights on",
# "left the party early") nor a habit quit ("quit smoking").
EMPLOYER_OBJECT = (
    # a group one joins as a member, named ("the Hackney Community Orchestra", "Leeds Rowing Club"), is no employer
    r"(?:(?:the )?(?!(?:(?-i:[A-Z])[\w&-]* )*(?:orchestra|choir|band|club|society|ensemble|chorus|league|"
    r"association|gym|church|parish|harriers|runners|ramblers)\b)"
    r"(?>(?-i:[A-Z])[\w&-]*(?: (?-i:[A-Z])[\w&-]*)*)(?! (?:party|do|meeting|event|office|offices|"
    r"building|store|shop|branch|car park|station|airport|pub|bar|restaurant|concert|match|game|show|lecture|"
    r"class|festival|conference|market)\b)|(?:my|our|the|a|an|this|that) (?:[\w-]+ ){0,2}?(?:job|role|post|"
    r"position|company|firm|employer|startup|start-up|consultancy|agency|practice)|the (?:army|navy|air force|"
    r"police|civil service|military|fire service))\b"
)
# A part of a workplace one is assigned to: a hospital's ward or unit, a firm's department, branch or office,
# a service's station or base (an ambulance, fire or police station).
WORKPLACE_PART = r"(?:ward|unit|department|dept|wing|clinic|branch|office|depot|site|station|base)\b"
# Where a move of work came from: "transferred from Leith to Craigmillar station".
MOVED_FROM = r"(?: from (?:the )?[\w-]+(?: [\w-]+){0,2}?)?"
# A school by its name and the word that says it is one: "St Anne's Primary", "Oakfield Juniors", "Leeds Uni".
SCHOOL = (
    r"(?:the )?(?:(?-i:[A-Z])[\w'.-]*\s+){1,4}(?:school|primary|juniors|infants|academy|college|university|uni|"
    r"nursery|high|grammar|prep|sixth form|kindergarten|pre-?school|montessori|secondary|comprehensive)\b"
)
# What someone works as.
OCCUPATION = (
    r"(?:engineer|developer|designer|manager|nurse|doctor|teacher|analyst|scientist|consultant|lawyer|accountant|"
    r"researcher|architect|intern|lead|director|officer|specialist|administrator|technician|editor|writer|producer|"
    r"assistant|worker|carer|midwife|paramedic|pharmacist|therapist|surgeon|registrar|porter|receptionist|chef|"
    r"clerk|firefighter|dentist|vet|plumber|electrician|barista|pilot|solicitor|barrister|librarian|lecturer|"
    r"professor|journalist|photographer|mechanic|programmer|physio|physiotherapist|optician|social worker|"
    r"hairdresser|postman|postwoman|courier|driver|cleaner|waiter|waitress|bartender|tester|coder|copywriter|"
    r"translator|interpreter|tutor|coach|trainer|instructor|recruiter|estate agent|travel agent|carpenter|"
    r"builder|gardener|nanny|childminder|caretaker|security guard|police officer|soldier|sailor|farmer|"
    r"vet nurse|dental nurse|radiographer|sonographer|dietitian|psychologist|counsellor|optometrist|retail manager|"
    r"health visitor|GP|civil servant|cashier|paralegal|podiatrist)\b"
)
# An ordinal year of study: "second", "final", "3rd".
NTH = r"(?:first|second|third|fourth|fifth|sixth|seventh|final|last|\d(?:st|nd|rd|th))"
