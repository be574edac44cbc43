// The offline blog-title writer: ten distinct titles per keyword, drawn mostly from the
// category's own template bank so that they read like that kind of blog.
import { BLOG_CATEGORY_LABELS, type BlogCategory } from '../../../server/shared/platform/domain.js';
import { templateNotice } from '../../providers/text/local/notice.js';
import { capitalizeFirst, cleanTopic, fillSlots, seededRandom, shuffle, titleCase } from '../../providers/text/local/words.js';

export const TITLE_COUNT = 10;
/** How many of the ten come from the category's own bank; the rest are all-purpose. */
const FROM_CATEGORY = 7;

/** Used when the keyword is nothing but markup. */
const FALLBACK_KEYWORD = 'Your Topic';

// {K} is the keyword in title case ("Urban Beekeeping"), deliberate casing kept ("iPhone").
// The category banks must read well with any keyword, not only the kind the category suggests
// (a food blog may write about urban beekeeping: "What Chefs Know About Urban Beekeeping").
// No template names a year: the titles must not go stale, and the writers avoid Date.
const ALL_PURPOSE = [
  'The Ultimate Guide to {K}',
  '{K}: A Practical Guide for Beginners',
  '5 Common {K} Mistakes and How to Avoid Them',
  'How to Master {K} Without Burning Out',
  '{K} 101: Everything You Need to Know',
  'The Dos and Don’ts of {K}',
  'Why Everyone Is Talking About {K}',
  'A Step-by-Step Guide to {K}',
  'What Experts Won’t Tell You About {K}',
  '{K} Made Simple',
  'The Beginner’s Checklist for {K}',
  'Is {K} Right for You? Here’s How to Decide',
];

const BY_CATEGORY: Record<BlogCategory, readonly string[]> = {
  GENERAL: [
    'The Complete Beginner’s Guide to {K}',
    '{K}: What Nobody Tells You',
    '10 Things I Wish I Knew About {K} Sooner',
    'Why {K} Matters More Than You Think',
    'The Honest Truth About {K}',
    'How to Get Started with {K} This Week',
    '{K} Explained in Plain English',
    '7 Myths About {K}, Debunked',
    'A Simple Framework for Thinking About {K}',
    'What a Year of {K} Taught Me',
    'The Surprising Story of {K}',
    'Is {K} Worth It? An Honest Look',
    '{K} for Busy People: A Quick-Start Guide',
    'The Questions Everyone Asks About {K}, Answered',
    'Everything You Need to Know About {K}',
  ],
  TECHNOLOGY: [
    'How {K} Is Changing Software Development This Year',
    '{K} Explained: A Developer’s Guide',
    'Getting Started with {K}: A Hands-On Tutorial',
    '{K} vs. the Alternatives: Which Should You Choose?',
    'The Hidden Costs of {K} Nobody Talks About',
    'Scaling {K}: Lessons from Production',
    '10 {K} Best Practices Every Engineer Should Know',
    'Why Your Engineering Team Should Care About {K}',
    'Debugging {K}: Common Pitfalls and Fixes',
    'Building Your First Project with {K}',
    '{K} Security: What You Need to Know',
    'The Future of {K}: Trends to Watch',
    'How We Cut Cloud Costs by Rethinking {K}',
    '{K} in 15 Minutes: A Quick-Start Guide',
    'From Prototype to Production with {K}',
    'Automating Everyday Work with {K}',
  ],
  BUSINESS: [
    'How {K} Can Grow Your Small Business',
    'The ROI of {K}: Is It Worth the Investment?',
    '{K} Strategies That Actually Drive Revenue',
    'What Every Founder Should Know About {K}',
    'Building a {K} Plan Your Team Will Actually Follow',
    '7 {K} Mistakes That Cost Companies Money',
    'How to Pitch {K} to Your Leadership Team',
    '{K} for Startups: A No-Nonsense Guide',
    'The Manager’s Guide to {K}',
    'Turning {K} into a Competitive Advantage',
    'Measuring the Impact of {K} on Your Bottom Line',
    'Lessons from Companies That Got {K} Right',
    '{K} on a Budget: Smart Moves for Lean Teams',
    'How {K} Is Reshaping the Modern Workplace',
    'A Quarterly Playbook for {K}',
  ],
  HEALTH: [
    'The Science Behind {K}: What the Research Says',
    '{K}: A Beginner’s Guide to Better Health',
    'How {K} Affects Your Sleep, Energy and Mood',
    '5 Myths About {K} You Can Stop Believing',
    'A Realistic 30-Day Plan for {K}',
    '{K} and Mental Health: What to Know',
    'Simple Daily Habits for {K}',
    'What Happens to Your Body When You Focus on {K}',
    '{K} After 40: A Practical Guide',
    'Questions to Ask Your Doctor About {K}',
    'How to Make {K} a Sustainable Habit',
    'Beginner Mistakes to Avoid with {K}',
    '{K} on a Busy Schedule: 10-Minute Routines',
    'Evidence-Based Tips for {K}',
    'Why {K} Is Good for Body and Mind',
  ],
  LIFESTYLE: [
    'How {K} Changed My Everyday Routine',
    'Simple Ways to Bring {K} into Your Life',
    '{K} on a Budget: Ideas That Feel Anything but Cheap',
    'The Minimalist’s Guide to {K}',
    'A Slow Weekend Guide to {K}',
    '{K} Ideas for a Calmer, Happier Home',
    'What a Month of {K} Taught Me',
    'Slow Living and {K}: Finding Balance',
    '{K} Inspiration for Every Season',
    'How to Make Time for {K} When Life Is Busy',
    'The Little Joys of {K}',
    '{K} Essentials: What You Actually Need',
    'Creating a Morning Ritual Around {K}',
    'Small Changes, Big Difference: {K} Edition',
    'Why {K} Is the Self-Care You Didn’t Know You Needed',
  ],
  EDUCATION: [
    'How to Learn {K} Faster: Proven Study Techniques',
    'Teaching {K}: Lesson Ideas That Actually Work',
    '{K} for Students: A Clear Introduction',
    'A Study Plan for Mastering {K}',
    'Common Misconceptions Students Have About {K}',
    '{K} Explained with Simple Examples',
    'The Best Free Resources for Learning {K}',
    'How to Remember What You Learn About {K}',
    'Bringing {K} into the Classroom',
    '{K}: Key Concepts Every Learner Should Know',
    'Project-Based Learning with {K}',
    'Exam Prep for {K}: A Week-by-Week Guide',
    'How Parents Can Support Kids Learning {K}',
    'Self-Taught {K}: A Roadmap from Zero to Confident',
    'Making {K} Click: Tips from Experienced Teachers',
  ],
  TRAVEL: [
    'The Ultimate {K} Itinerary for First-Timers',
    '{K} on a Budget: How to Travel Smart',
    'A 7-Day {K} Itinerary',
    'Hidden Gems: Discovering {K} Beyond the Guidebooks',
    '{K} Travel Tips Locals Wish You Knew',
    'Where to Stay for {K}: Neighborhoods Compared',
    'The Best Time of Year for {K}',
    'The Essential Packing List for {K}',
    'A Foodie’s Guide to {K}',
    '{K} with Kids: A Family Travel Guide',
    'Solo Travel and {K}: Tips for Going It Alone',
    'Weekend Escape: 48 Hours of {K}',
    'Slow Travel Through {K}',
    'Avoiding Tourist Traps: {K} Done Right',
    'Planning {K}: Routes, Budgets and Bookings',
  ],
  FOOD: [
    'Easy Weeknight Recipes Inspired by {K}',
    'The Secrets Good Cooks Know About {K}',
    '{K} from Scratch: A Step-by-Step Guide',
    '10 Delicious Ideas Inspired by {K}',
    'A Week of Meals Inspired by {K}',
    'Healthy {K} Ideas the Whole Family Will Love',
    'The Kitchen Tools You Need for {K}',
    '{K} Mistakes Home Cooks Make (and How to Fix Them)',
    'A Home Cook’s Guide to {K}',
    '{K} on a Budget: Good Food for Less',
    'A Food Lover’s Guide to {K}',
    'Seasonal {K}: Fresh Ideas for Every Month',
    'The Story Behind {K}: Origins and Traditions',
    '{K} in the Kitchen: Where to Begin',
    'What Chefs Know About {K}',
  ],
};

export const TITLES_NOTICE = templateNotice('Template titles', "the keyword was filled into Atelier's offline title templates");

/** Writes the template notice, a markdown heading and a numbered list of ten distinct titles containing the keyword. */
export function writeTitles(keyword: string, category: BlogCategory): string {
  const kw = cleanTopic(keyword) || FALLBACK_KEYWORD;
  const rng = seededRandom(`titles|${category}|${kw}`);
  const chosen = [...shuffle(rng, BY_CATEGORY[category]).slice(0, FROM_CATEGORY), ...shuffle(rng, ALL_PURPOSE).slice(0, TITLE_COUNT - FROM_CATEGORY)];
  const titled = titleCase(kw);
  const titles = shuffle(rng, chosen).map((t) => capitalizeFirst(fillSlots(t, { K: () => titled })));
  const list = titles.map((t, i) => `${i + 1}. ${t}`).join('\n');
  return `${TITLES_NOTICE}## Blog titles for "${kw}" · ${BLOG_CATEGORY_LABELS[category]}\n\n${list}\n`;
}

/** The titles of a writeTitles() list, in order. */
export function parseTitles(markdown: string): string[] {
  const titles: string[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const m = /^\s*\d+[.)]\s+(.+?)\s*$/.exec(line);
    if (m?.[1]) titles.push(m[1]);
  }
  return titles;
}
