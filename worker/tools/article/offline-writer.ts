// The offline article writer: assembles a markdown article about any topic from banks of
// sentence templates, sized by the product's word counter to land inside the requested range.
// Its paragraphs and blocks, their growth towards the word target and the markdown: blocks.ts.
import { ARTICLE_LENGTH_RANGES, type ArticleLength } from '../../../server/shared/platform/domain.js';
import { capitalizeFirst, cleanTopic, countWords, fillSlots, pick, randomInt, seededRandom, shuffle, titleCase, type Rng } from '../../providers/text/local/words.js';
import { templateNotice } from '../../providers/text/local/notice.js';
import { blockWords, growToTarget, paragraph, render, startParagraph, type Block } from './blocks.js';

const SECTION_COUNTS: Record<ArticleLength, readonly [number, number]> = {
  SHORT: [4, 5],
  MEDIUM: [5, 6],
  LONG: [6, 8],
};

const MAX_LISTS: Record<ArticleLength, number> = { SHORT: 1, MEDIUM: 2, LONG: 3 };

/** Used when the topic is nothing but markup; it reads naturally in every template. */
const FALLBACK_TOPIC = 'this topic';

// Slots: {T} the topic as typed, {TT} the topic in title case (headings only),
// {n} a noun phrase of the current section (always plural), {g} a neutral, plural
// "thing to work on" of the current section (the general bank's slot), {a} an audience,
// {o} an outcome, {p} a period of time.

const AUDIENCES = [
  'beginners',
  'small teams',
  'busy professionals',
  'experienced practitioners',
  'curious newcomers',
  'people juggling several priorities',
  'managers',
  'independent creators',
  'students',
  'people who are short on time',
];
const OUTCOMES = [
  'steadier results',
  'fewer surprises',
  'better decisions',
  'less wasted effort',
  'a clearer sense of direction',
  'more confidence',
  'faster progress',
  'work that holds up over time',
];
const PERIODS = ['the first few weeks', 'the first month', 'a single quarter', 'the early stages', 'the first project', 'the first couple of months'];

/**
 * A topic that is a clause or a question ("how small bakeries can win local customers",
 * "C# vs. Java: which one") reads wrongly where the templates expect a noun phrase ("what {T}
 * involves", "Why {TT} Matters"): it is quoted inline, kept out of headings, and titles itself.
 */
const CLAUSE_TOPIC = /^(?:how|why|what|when|where|whether|which|who|should|can|could|is|are|do|does|did|will|would|was|were)\b|:/i;
const CLAUSE_TITLES = ['{TT}: A Practical Guide', '{TT}: What Actually Works', '{TT}, Step by Step', '{TT}: Where to Start'];

const TITLES = [
  '{TT}: A Practical Guide',
  'The Practical Guide to {TT}',
  'Understanding {TT}: What Actually Matters',
  '{TT}, Explained Without the Jargon',
  'Making Sense of {TT}',
  'A Clear Look at {TT}',
  '{TT}: What You Need to Know',
  'Everything Worth Knowing About {TT}',
  '{TT} Without the Guesswork',
  'A Field Guide to {TT}',
];

const INTRO_OPENERS = [
  '{T} comes up in more conversations than ever, yet it is often explained in vague or contradictory ways.',
  'Few subjects reward a careful look quite like {T}.',
  'Ask ten people about {T} and you will probably hear ten different answers.',
  'If you have been meaning to understand {T} properly, this guide is a good place to start.',
  'There is a lot of noise around {T}, and much of it makes a fairly simple subject sound complicated.',
];
const INTRO_SENTENCES = [
  'This article walks through {T}: what it involves, where people tend to stumble, and what tends to work.',
  'The goal here is not to cover everything, but to give you a clear and practical footing.',
  'Whether you are new to the subject or looking to sharpen what you already know, the ideas below should be useful.',
  'Along the way, you will find concrete suggestions you can try right away.',
  'It helps to start with the big picture before getting into specifics.',
  'Most of what follows applies whether you are working alone or as part of a larger group.',
  'None of it requires special equipment or a large budget, only some attention and a willingness to experiment.',
];

const CONCLUSION_OPENERS = [
  '{T} is not something you master in a single sitting, and that is perfectly fine.',
  'With patience and a bit of curiosity, {T} becomes far less intimidating and far more rewarding.',
  'Revisit your approach to {T} every few months, because what worked at the start may need refining later.',
  'Getting better at {T} is mostly a matter of steady, deliberate practice.',
];
const CONCLUSION_SENTENCES = [
  'The most useful step is usually the next small one, not the perfect plan.',
  'Start with the basics, pay attention to what actually happens, and adjust as you go.',
  'Over time, the habits described here add up to {o}.',
  'If you take only one idea from this article, let it be that steady practice beats occasional bursts of effort.',
  'Keep notes on what you try so you can see how far you have come.',
  'Pick one idea from this guide and put it into practice this week.',
  'Share what you learn with others, because explaining {T} is one of the best ways to understand it.',
];

/** Sentences that fit under any section heading; {g} takes the section's focus nouns. */
const GENERAL_SENTENCES = [
  'A common thread in good work on {T} is a willingness to revisit {g} instead of treating them as settled.',
  'It is worth being honest about where you stand with {g} before moving on.',
  'For {a}, the biggest gains usually come from getting {g} right first.',
  'None of this needs to be complicated, and a little consistency goes a long way.',
  'The details will differ from one situation to the next, but the underlying principles stay remarkably stable.',
  'People who make steady progress with {T} tend to keep things simple and review them often.',
  'Small adjustments to {g} can lead to {o} in a surprisingly short time.',
  'It is easy to overthink this part, so give yourself permission to start imperfectly.',
  'A useful test is to ask whether a change makes {T} easier to sustain a month from now.',
  'Write down what you expect to happen, then compare it with what actually happens.',
  'Experience shows that {g} matter more than most people expect at the outset.',
  'If something feels confusing, that is usually a sign to slow down rather than push harder.',
  'Talking with others who care about {T} can shorten the learning curve considerably.',
  'There is rarely a single right answer, but there are clearly better and worse habits.',
  'Give each change enough time to show results before judging it.',
  'During {p}, focus on learning rather than on being impressive.',
  'Clear priorities make it much easier to say no to distractions.',
  'The payoff is not always immediate, yet it tends to compound.',
  'Treat {g} as a living part of the process rather than a one-time task.',
  'Many {a} find that a short weekly review keeps everything on track.',
  'Context matters, and what suits a large organization may be overkill for a small one.',
  'Be wary of advice that promises dramatic results with no effort.',
  'When in doubt, choose the option you can explain clearly to someone else.',
  'Progress with {T} is rarely a straight line, and setbacks are part of the process.',
  'Keep a short list of open questions and return to it regularly.',
  'It also helps to separate what is urgent from what is genuinely important.',
  'A modest plan followed consistently beats an ambitious plan that is abandoned.',
  'Good questions are often more valuable than quick answers here.',
  'Notice which parts of {T} energize you and which ones drain you, and plan around both.',
  'Over time, {g} become second nature and free up attention for harder problems.',
  'Even {a} benefit from revisiting the basics now and then.',
  'The aim is not perfection but a reliable way of making things a little better each time.',
  'A bit of structure, such as a recurring time slot, removes a surprising amount of friction.',
  'What looks like talent is often just practice that nobody else saw.',
  'Honest feedback from the people affected is worth more than any amount of guessing.',
  'Looking back at {g} after a few weeks often reveals patterns that were invisible in the moment.',
];

interface Angle {
  /** 0 = opens the article, 1 = middle, 2 = closes it; keeps the order logical while varying it. */
  stage: 0 | 1 | 2;
  headings: readonly string[];
  /** For the angle's own sentences; may be negative ("vague goals") where the sentence expects it. */
  nouns: readonly string[];
  /** Neutral things to work on, so general sentences ("getting {g} right first") still read well. */
  focus: readonly string[];
  sentences: readonly string[];
  list?: { leads: readonly string[]; items: readonly string[] };
}

const ANGLES: readonly Angle[] = [
  {
    stage: 0,
    headings: ['Why {TT} Matters', 'Why {TT} Deserves Your Attention', 'The Case for Taking {TT} Seriously', 'Why It Matters'],
    nouns: ['long-term results', 'everyday decisions', 'small improvements', 'shared expectations', 'hidden costs'],
    focus: ['your priorities', 'long-term goals', 'everyday decisions'],
    sentences: [
      '{T} matters because it shapes {n} in ways that are easy to overlook.',
      'When {T} is handled well, the benefits show up as {o}.',
      'Neglect here rarely causes an immediate crisis, which is exactly why the work gets postponed.',
      'The real value of {T} lies in how it influences {n} over months and years.',
      'For {a}, understanding {T} can be the difference between reacting to problems and anticipating them.',
      'There is also a practical argument, since time invested early often saves far more time later.',
      'Organizations and individuals alike tend to underestimate what {n} really add up to.',
      'Put simply, {T} is one of those areas where a modest investment yields outsized returns.',
    ],
  },
  {
    stage: 0,
    headings: ['The Fundamentals of {TT}', 'Core Ideas Behind {TT}', 'What {TT} Really Involves', 'The Fundamentals'],
    nouns: ['core principles', 'key terms', 'basic building blocks', 'underlying assumptions', 'first principles'],
    focus: ['the core principles', 'the key terms', 'basic building blocks'],
    sentences: [
      'At its core, {T} rests on a handful of ideas that are worth understanding before anything else.',
      'Learning the key terms early makes every later conversation about {T} easier.',
      'It helps to think of {T} as a set of connected habits rather than a single skill.',
      'Most confusion about {T} comes from skipping {n} and jumping straight to advanced advice.',
      'Once {n} click, the rest of {T} starts to feel far more logical.',
      'A simple mental model is enough to begin with, and you can refine it as your experience grows.',
      'The fundamentals rarely change, even when the tools and trends around {T} do.',
      'Spend a little time with {n} and you will spot weak advice much more quickly.',
    ],
  },
  {
    stage: 0,
    headings: ['Myths and Misconceptions', 'Separating Fact from Fiction', 'What People Get Wrong About {TT}'],
    nouns: ['popular shortcuts', 'oversimplified rules', 'one-size-fits-all claims', 'outdated tips', 'common assumptions'],
    focus: ['your own assumptions', 'the sources you trust', 'your mental models'],
    sentences: [
      'A persistent myth is that {T} is only for experts or specialists.',
      'Another misconception is that results should be visible almost immediately.',
      '{n} spread quickly because they are simple, not because they are accurate.',
      'In reality, {T} usually rewards patience and careful observation more than bold moves.',
      'It is also untrue that more effort always means better results, because direction matters as much as intensity.',
      'Be skeptical of {n}, especially when they come without evidence.',
      'Many of the myths around {T} started as reasonable advice that was later stretched too far.',
      'Questioning assumptions is uncomfortable at first but makes your understanding much sturdier.',
    ],
  },
  {
    stage: 1,
    headings: ['Getting Started with {TT}', 'How to Begin with {TT}', 'Your First Steps'],
    nouns: ['small experiments', 'clear goals', 'simple routines', 'starter projects', 'realistic milestones'],
    focus: ['clear goals', 'simple routines', 'first experiments'],
    sentences: [
      'The easiest way to begin with {T} is to pick one small, concrete goal.',
      'Resist the urge to buy every tool or read every guide before you start.',
      'Set aside a regular slot in your week, even if it is only thirty minutes.',
      'Early on, {n} teach you more than any amount of planning.',
      'Keep your first attempts deliberately modest so that finishing them is realistic.',
      'Make a note of what confused you at the start, because it will be useful later.',
      'Getting started with {T} is less about talent and more about showing up consistently.',
      'By the end of {p}, you should have a rough sense of what works for you.',
    ],
    list: {
      leads: ['A simple way to get going:', 'A sensible starting sequence looks like this:'],
      items: [
        'Define one specific outcome you want from {T}.',
        'Gather only the essentials you need for the first step.',
        'Schedule short, regular sessions instead of occasional marathons.',
        'Review what happened after the first week and adjust.',
        'Find one person or community to compare notes with.',
        'Write down questions as they come up rather than stopping to research each one.',
      ],
    },
  },
  {
    stage: 1,
    headings: ['Common Mistakes to Avoid', 'Where People Go Wrong with {TT}', 'Pitfalls That Trip People Up'],
    nouns: ['vague goals', 'rushed decisions', 'untested assumptions', 'skipped fundamentals', 'unrealistic timelines'],
    focus: ['your planning habits', 'your review habits', 'realistic timelines'],
    sentences: [
      'One of the most common mistakes with {T} is trying to do everything at once.',
      '{n} cause more trouble than a lack of knowledge ever does.',
      'Another frequent error is copying someone else’s approach without checking whether it fits your situation.',
      'Many {a} also underestimate how long it takes for changes to show results.',
      'Ignoring early warning signs tends to turn small problems into expensive ones.',
      'It is tempting to measure activity instead of outcomes, but busy is not the same as effective.',
      'Perfectionism is a quieter pitfall, because waiting for ideal conditions means {T} never quite gets started.',
      'The good news is that most of these mistakes are easy to correct once you notice them.',
    ],
    list: {
      leads: ['Watch out for these in particular:', 'The mistakes that come up most often:'],
      items: [
        'Starting without a clear reason for working on {T}.',
        'Changing too many things at once, so nothing can be evaluated.',
        'Treating advice as a rule rather than a starting point.',
        'Skipping the basics because they feel obvious.',
        'Giving up after the first disappointing result.',
        'Relying on memory instead of keeping simple notes.',
      ],
    },
  },
  {
    stage: 1,
    headings: ['Tools and Resources', 'Useful Tools for {TT}', 'Resources Worth Knowing'],
    nouns: ['checklists', 'templates', 'reference guides', 'simple spreadsheets', 'community forums'],
    focus: ['your tools', 'checklists and templates', 'reference notes'],
    sentences: [
      'You do not need an elaborate toolkit to make progress with {T}.',
      '{n} are often more useful than expensive software, especially at the start.',
      'Choose tools that fit the way you already work rather than forcing a new routine.',
      'Good reference material on {T} saves time by answering the same questions once.',
      'Community forums and local groups can be a surprisingly rich source of practical advice.',
      'Before adopting a new tool, ask what problem it solves and how you will know it is working.',
      'A small set of well-understood tools usually beats a large collection you barely use.',
      'Revisit your toolkit occasionally and drop anything that has become clutter.',
    ],
    list: {
      leads: ['A practical toolkit might include:', 'Resources that tend to earn their place:'],
      items: [
        'A one-page checklist for the tasks you repeat most often.',
        'A notebook or document for tracking what you try with {T}.',
        'One or two trusted reference guides.',
        'A community where you can ask questions and share progress.',
        'A simple calendar reminder for regular reviews.',
        'Templates for anything you find yourself rebuilding from scratch.',
      ],
    },
  },
  {
    stage: 1,
    headings: ['Practical Tips', 'Practical Tips for {TT}', 'Habits That Make a Difference'],
    nouns: ['daily habits', 'short reviews', 'clear priorities', 'consistent routines', 'honest notes'],
    focus: ['daily habits', 'weekly routines', 'clear priorities'],
    sentences: [
      'A practical tip that works for almost everyone is to keep sessions on {T} short and regular.',
      'Build {n} into your week so that {T} does not depend on motivation alone.',
      'When you get stuck, change one variable at a time and observe the effect.',
      'Batch similar tasks together to reduce the cost of switching context.',
      'Keep a running list of lessons learned and read it before starting something new.',
      'Ask for feedback early, while changes are still cheap to make.',
      'Celebrate small wins, since they make it much easier to keep going.',
      'If a habit is not sticking, make it smaller rather than abandoning it.',
    ],
    list: {
      leads: ['A few habits worth adopting:', 'Tips that consistently pay off:'],
      items: [
        'Work on {T} at the same time each week.',
        'End each session by noting the very next step.',
        'Review results monthly, not daily.',
        'Keep one list of ideas to try later so they do not distract you now.',
        'Share progress with someone who will ask how it is going.',
      ],
    },
  },
  {
    stage: 1,
    headings: ['Real-World Examples', '{TT} in Practice', 'What It Looks Like in Practice'],
    nouns: ['case studies', 'everyday situations', 'small success stories', 'side-by-side comparisons', 'practical scenarios'],
    focus: ['past projects', 'small pilot projects', 'concrete examples'],
    sentences: [
      'Consider a small team that decided to take {T} seriously for a single quarter, reviewing progress every Friday.',
      'Teams that succeed with {T} often report results that are modest at first but far more durable than earlier attempts.',
      'A freelancer might approach {T} differently, focusing on a few routines that fit around client work.',
      'In most success stories, the common factor is consistency rather than any special resource.',
      'Looking at {n} is one of the fastest ways to see how {T} works outside of theory.',
      'Examples also reveal trade-offs that general advice tends to skip over.',
      'Notice how often the successful approaches began with something small and specific.',
      'A household, a classroom and a company can all apply {T}, each at its own scale.',
    ],
  },
  {
    stage: 2,
    headings: ['Measuring Success', 'How to Tell If It Is Working', 'Tracking Progress with {TT}'],
    nouns: ['simple metrics', 'regular check-ins', 'before-and-after comparisons', 'leading indicators', 'written reviews'],
    focus: ['simple metrics', 'regular check-ins', 'your review notes'],
    sentences: [
      'Measuring progress with {T} starts with deciding what success would actually look like.',
      'Pick two or three simple metrics rather than tracking everything you can.',
      'Leading indicators tell you early whether you are on course, while results confirm it later.',
      'A monthly review is usually frequent enough to spot trends without overreacting to noise.',
      'Compare your current results with where you started, not with someone else’s highlight reel.',
      'If a metric does not change any decision, it is probably not worth tracking.',
      'Qualitative signals, such as how confident you feel, deserve a place next to the numbers.',
      'Over time, {n} turn {T} from guesswork into something you can steadily improve.',
    ],
    list: {
      leads: ['Useful questions for a regular review:', 'Questions worth asking every month:'],
      items: [
        'What did you set out to achieve with {T}, and did it happen?',
        'Which change made the biggest difference?',
        'What took longer than expected, and why?',
        'What should you stop doing?',
        'What is the single most important next step?',
      ],
    },
  },
  {
    stage: 2,
    headings: ['Future Trends', 'Where {TT} Is Heading', 'What to Watch Next'],
    nouns: ['emerging practices', 'new tools', 'shifting expectations', 'changing standards', 'fresh research findings'],
    focus: ['your learning habits', 'emerging practices', 'long-term plans'],
    sentences: [
      '{T} continues to evolve, and it is worth keeping an eye on where things are heading.',
      '{n} are likely to make some current practices look dated within a few years.',
      'Automation will probably handle more of the routine work, leaving more room for judgment.',
      'Expect greater emphasis on transparency and on results that can be measured.',
      'At the same time, the fundamentals of {T} are unlikely to change much.',
      'Staying curious and reading beyond your immediate field is the best way to stay prepared.',
      'Predictions are uncertain, so treat trends as prompts for experiments rather than as certainties.',
      'Those who adapt gradually usually fare better than those who chase every new development.',
    ],
  },
  {
    stage: 2,
    headings: ['Going Further', 'Taking {TT} to the Next Level', 'Beyond the Basics'],
    nouns: ['deeper experiments', 'specialized techniques', 'mentoring relationships', 'longer projects', 'cross-disciplinary ideas'],
    focus: ['specialized techniques', 'longer projects', 'your feedback loops'],
    sentences: [
      'Once the basics of {T} feel comfortable, it is worth stretching yourself a little.',
      '{n} can reveal nuances that introductory material simply does not cover.',
      'Teaching others is one of the most effective ways to deepen your own grasp of {T}.',
      'At this stage, the quality of your questions matters more than the quantity of information.',
      'Look for areas where {T} overlaps with other fields, because that is often where fresh ideas appear.',
      'Advanced practice is less about new tricks and more about doing the fundamentals with greater care.',
      'Set a longer-term goal that will take several months and break it into monthly checkpoints.',
      'Seek out critique from people whose judgment you trust, even when it stings.',
    ],
  },
];

export const ARTICLE_NOTICE = templateNotice('Template', "this article was assembled from Atelier's offline templates");

/** Writes the template notice, then a markdown article about `topic` whose countWords() (without the notice) lies strictly inside the length's range. */
export function writeArticle(topic: string, length: ArticleLength): string {
  const subject = cleanTopic(topic) || FALLBACK_TOPIC;
  const clause = CLAUSE_TOPIC.test(subject);
  // A long topic (or a clause) repeated in headings and in every other sentence reads badly.
  const longTopic = subject.split(' ').length > 5 || clause;
  const maxMentions = longTopic ? 1 : 2;
  const rng = seededRandom(`article|${length}|${subject}`);
  const [min, max] = ARTICLE_LENGTH_RANGES[length];
  const target = Math.round(min * 1.08 + rng() * (max * 0.92 - min * 1.08));

  const fill = slotFiller(rng, subject, clause);
  const title = fill(clause ? (subject.includes(':') ? '{TT}' : pick(rng, CLAUSE_TITLES)) : pick(rng, TITLES));
  const intro = queuedBlock(rng, fill, INTRO_SENTENCES, INTRO_OPENERS, 4, 6);

  const generalQueue = shuffle(rng, GENERAL_SENTENCES);
  const angles = chooseAngles(rng, length);
  const perSection = (target - 150) / angles.length;
  const withList = new Set(
    shuffle(
      rng,
      angles.filter((a) => a.list),
    ).filter((_a, i) => i === 0 || rng() < 0.5),
  );
  const plan: SectionPlan = { rng, fill, generalQueue, longTopic, maxMentions, perSection, withList, listsLeft: MAX_LISTS[length] };
  const sections: Block[] = angles.map((angle) => sectionBlock(angle, plan));

  const conclusion = queuedBlock(rng, fill, CONCLUSION_SENTENCES, CONCLUSION_OPENERS, 3, 5, 'Conclusion');

  const blocks = [intro, ...sections, conclusion];
  let words = countWords(title);
  for (const block of blocks) words += blockWords(block);
  growToTarget(blocks, sections, words, target);
  // The notice is not counted: the article's own words land in the range of product §9.
  return ARTICLE_NOTICE + render(title, blocks);
}

/** Fills a template's slots; `angle` gives {n} and {g} (a neutral default without one). */
type SlotFill = (template: string, angle?: Pick<Angle, 'nouns' | 'focus'>) => string;

/** What the sections of one article share while they are written, in order. */
interface SectionPlan {
  rng: Rng;
  fill: SlotFill;
  /** The general bank, shuffled; every section takes from it. */
  generalQueue: string[];
  longTopic: boolean;
  /** Sentences per section that name the topic before those that do not are preferred. */
  maxMentions: number;
  /** Words each section should add towards the target. */
  perSection: number;
  /** Angles that may carry a list. */
  withList: Set<Angle>;
  /** Lists the article may still carry. */
  listsLeft: number;
}

/** Takes the first template that does (or does not) mention the topic. */
function take(queue: string[], withTopic: boolean): string | undefined {
  const i = queue.findIndex((t) => t.includes('{T}') === withTopic);
  return i >= 0 ? queue.splice(i, 1)[0] : undefined;
}

/** The intro or the conclusion: one paragraph from a shuffled bank, opened by one of `openers`. */
function queuedBlock(rng: Rng, fill: SlotFill, bank: readonly string[], openers: readonly string[], minCap: number, maxCap: number, heading?: string): Block {
  const queue = shuffle(rng, bank);
  const block: Block = {
    ...(heading === undefined ? {} : { heading }),
    paragraphs: [
      paragraph(rng, minCap, maxCap, () => {
        const t = queue.shift();
        return t === undefined ? undefined : fill(t);
      }),
    ],
  };
  startParagraph(block.paragraphs[0]!, [fill(pick(rng, openers))], 2);
  return block;
}

/** One section for `angle`: its heading, one to three started paragraphs and, if allowed, a list. */
function sectionBlock(angle: Angle, plan: SectionPlan): Block {
  const { rng, fill, longTopic } = plan;
  const own = shuffle(rng, angle.sentences);
  const mentions = { count: 0 };
  const next = sectionSentences(angle, own, mentions, plan);
  const count = Math.min(3, Math.max(1, Math.round(plan.perSection / (60 + rng() * 50))));
  const paragraphs = Array.from({ length: count }, () => paragraph(rng, 3, 6, next));
  mentions.count++;
  startParagraph(paragraphs[0]!, [fill((take(own, true) ?? own.shift())!, angle)], 2);
  for (const p of paragraphs.slice(1)) startParagraph(p, [], 2);

  const shortHeadings = angle.headings.filter((h) => !h.includes('{TT}'));
  const heading = pick(rng, longTopic && shortHeadings.length > 0 ? shortHeadings : angle.headings);
  const block: Block = { heading: fill(heading, angle), paragraphs };
  if (angle.list && plan.withList.has(angle) && plan.listsLeft > 0) {
    plan.listsLeft--;
    const items = shuffle(rng, angle.list.items).slice(0, randomInt(rng, 3, 5));
    block.list = { lead: fill(pick(rng, angle.list.leads), angle), items: items.map((t) => fill(t, angle)) };
  }
  return block;
}

/**
 * A section's next sentence, from its own bank (`own`) or the general one. Naming the topic in
 * every sentence reads like keyword stuffing; after a few mentions per section (counted in
 * `mentions`), templates that do not name it are preferred.
 */
function sectionSentences(angle: Angle, own: string[], mentions: { count: number }, plan: SectionPlan): () => string {
  const { rng, fill, generalQueue, longTopic, maxMentions } = plan;
  return () => {
    const withTopic = mentions.count < maxMentions || rng() < (longTopic ? 0.05 : 0.15);
    const preferOwn = rng() < 0.6;
    const [first, second] = preferOwn ? [own, generalQueue] : [generalQueue, own];
    const template =
      take(first, withTopic) ??
      take(second, withTopic) ??
      first.shift() ??
      second.shift() ??
      // Both banks are spent only in very long articles; reuse with fresh slot fills.
      pick(rng, [...angle.sentences, ...GENERAL_SENTENCES]);
    if (template.includes('{T}')) mentions.count++;
    return fill(template, angle);
  };
}

const NO_ANGLE = { nouns: ['small improvements'], focus: ['small improvements'] } as const;

/** Capitalized only because they opened the user's phrase ("The history of…", "How to…"). */
const LEADING_FUNCTION_WORD = /^(?:The|A|An|How|What|Why|When|Where|Which|Who|Is|Are|Can|Should|Do|Does|My|Your|Our|Its|Their|This|These|Those)(?= )/;

function slotFiller(rng: Rng, subject: string, clause: boolean): SlotFill {
  const titled = subject === FALLBACK_TOPIC ? 'This Topic' : titleCase(subject);
  // Mid-sentence, "around The history of…" should read "around the history of…";
  // a sentence that starts with the topic is capitalized again by capitalizeFirst.
  // A clause is quoted as the user wrote it: 'walks through “how small bakeries…”: what it involves'.
  const lowered = subject.replace(LEADING_FUNCTION_WORD, (w) => w.toLowerCase());
  const inline = clause ? `“${lowered}”` : lowered;
  return (template, angle = NO_ANGLE) =>
    capitalizeFirst(
      fillSlots(template, {
        T: () => inline,
        TT: () => titled,
        n: () => pick(rng, angle.nouns),
        g: () => pick(rng, angle.focus),
        a: () => pick(rng, AUDIENCES),
        o: () => pick(rng, OUTCOMES),
        p: () => pick(rng, PERIODS),
      }),
    );
}

/** Picks distinct angles and orders them early → middle → late, shuffled within each stage. */
function chooseAngles(rng: Rng, length: ArticleLength): Angle[] {
  const [lo, hi] = SECTION_COUNTS[length];
  const chosen = shuffle(rng, ANGLES).slice(0, randomInt(rng, lo, hi));
  return ([0, 1, 2] as const).flatMap((stage) => chosen.filter((a) => a.stage === stage));
}
