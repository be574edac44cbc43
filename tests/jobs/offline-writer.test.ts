// The embedded offline text provider: article, blog titles and resume review writers.
import { describe, expect, it } from 'vitest';
import { ARTICLE_LENGTH_RANGES, BLOG_CATEGORY_LABELS, type ArticleLength, type BlogCategory } from '../../server/shared/platform/domain.js';
import { ARTICLE_NOTICE, writeArticle } from '../../worker/tools/article/offline-writer.js';
import { resumeProblem, REVIEW_NOTICE, reviewResume } from '../../worker/tools/resume-review/offline-writer.js';
import { parseTitles, TITLES_NOTICE, writeTitles } from '../../worker/tools/blog-titles/offline-writer.js';
import { hasTemplateNotice } from '../../worker/providers/text/local/notice.js';
import { cleanTopic, countSentences, countWords, seededRandom, shuffle } from '../../worker/providers/text/local/words.js';

const TOPICS = [
  'AI',
  'remote work',
  'Sourdough bread baking at home',
  'Kubernetes security best practices for small startups',
  'How to learn Python?',
  'C# vs. Java: which one, really?!',
  'mental health & productivity',
  "beginner's guide to budgeting",
  '  lots   of\n\n whitespace\tin  here  ',
  '<script>alert(1)</script> email marketing',
  '# heading injection',
  '[click me](javascript:alert(1)) link tricks',
  '**bold** and _italic_ and `code`',
  '<img src=x onerror=alert(1)>photography',
  '1. list injection',
  'The history of the Roman Empire and its lasting influence on modern law, government, architecture and language',
  'iPhone photography',
  'électricité et énergie solaire',
  'climate change',
  'SEO',
];
const LENGTHS: ArticleLength[] = ['SHORT', 'MEDIUM', 'LONG'];
const CATEGORIES = Object.keys(BLOG_CATEGORY_LABELS) as BlogCategory[];

describe('countWords', () => {
  it('does not count markdown syntax', () => {
    expect(countWords('# Hello **world**')).toBe(2);
    expect(countWords('1. One two')).toBe(2);
    expect(countWords('- [link text](http://x.y)')).toBe(2);
    expect(countWords('## A _b_ `c`\n\n> quoted text\n\n---\n\n* item')).toBe(6);
  });

  it('counts only tokens with a letter or digit', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('one — two - 3 !!')).toBe(3);
    expect(countWords('élan vital, naïve café')).toBe(4);
  });

  it('counts sentences', () => {
    expect(countSentences('One. Two! Three? Four')).toBe(3);
    expect(countSentences('It costs 3.5 dollars. Done.')).toBe(2);
  });
});

describe('seededRandom', () => {
  it('is deterministic per seed and spreads values in [0, 1)', () => {
    const a = seededRandom('x');
    const b = seededRandom('x');
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
    expect(seededRandom('y')()).not.toBe(seededRandom('x')());
    expect(shuffle(seededRandom('s'), [1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('cleanTopic', () => {
  it('strips markup but keeps harmless in-word characters', () => {
    expect(cleanTopic('  lots   of\n whitespace ')).toBe('lots of whitespace');
    expect(cleanTopic('<script>alert(1)</script> email')).toBe('alert(1) email');
    expect(cleanTopic('# heading')).toBe('heading');
    expect(cleanTopic('[x](http://y) z')).toBe('x z');
    expect(cleanTopic('C# and snake_case')).toBe('C# and snake_case');
    expect(cleanTopic('1. list')).toBe('list');
    expect(cleanTopic('<b></b>')).toBe('');
  });
});

describe('writeArticle', () => {
  for (const length of LENGTHS) {
    it(`writes ${length} articles inside the word range for 20 topics`, () => {
      const [min, max] = ARTICLE_LENGTH_RANGES[length];
      const outputs = new Set<string>();
      for (const topic of TOPICS) {
        const whole = writeArticle(topic, length);
        // The template notice first, then the article, whose own words land in the range…
        expect(whole.startsWith(ARTICLE_NOTICE), topic).toBe(true);
        const article = whole.slice(ARTICLE_NOTICE.length);
        const words = countWords(article);
        expect(words, topic).toBeGreaterThan(min);
        expect(words, topic).toBeLessThan(max);
        // …and so does the whole text, notice included, as a REST client counts it.
        expect(countWords(whole), topic).toBeLessThan(max);

        const lines = article.split('\n');
        expect(lines[0]).toMatch(/^# \S/);
        expect(
          lines.filter((l) => /^#\s/.test(l)),
          topic,
        ).toHaveLength(1);
        const headings = lines.filter((l) => l.startsWith('## '));
        expect(headings.length, topic).toBeGreaterThanOrEqual(5); // at least 4 sections + Conclusion
        expect(new Set(headings).size).toBe(headings.length);
        expect(headings.at(-1)).toBe('## Conclusion');
        expect(lines.filter((l) => l.startsWith('#')).every((l) => /^#{1,2} /.test(l))).toBe(true);

        expect(article.toLowerCase()).toContain(cleanTopic(topic).toLowerCase());
        expect(article).not.toMatch(/<script|<img|onerror|javascript:|`|\[|\]/i);
        expect(article).not.toMatch(/\{\w+\}/); // no unfilled template slot
        expect(writeArticle(topic, length)).toBe(whole);
        outputs.add(article);
      }
      expect(outputs.size).toBe(TOPICS.length);
    });
  }

  it('treats topics that differ only in whitespace as the same topic', () => {
    expect(writeArticle('  remote   work ', 'SHORT')).toBe(writeArticle('remote work', 'SHORT'));
  });

  it('writes varied prose rather than one repeated sentence', () => {
    const article = writeArticle('remote work', 'LONG');
    const sentences = article
      .split('\n')
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('- '))
      .flatMap((p) => p.split(/(?<=[.!?])\s+/));
    expect(sentences.length).toBeGreaterThan(50);
    expect(new Set(sentences).size / sentences.length).toBeGreaterThan(0.95);
    expect(countSentences(article)).toBeGreaterThan(50);
  });

  it('says at its top that it is a template, not AI writing', () => {
    const article = writeArticle('remote work', 'SHORT');
    expect(hasTemplateNotice(article)).toBe(true);
    expect(article.split('\n')[0]).toBe(
      "> **Template, not AI writing.** No text model is connected, so this article was assembled from Atelier's offline templates. Connect Ollama or an OpenAI-compatible service (see the Engines guide) for real writing.",
    );
    expect(article.split('\n')[2]).toMatch(/^# \S/);
  });

  it('reads grammatically with a topic that is a clause or a question', () => {
    for (const topic of [
      'how small bakeries can use social media to win local customers',
      'How to learn Python?',
      'Why remote teams burn out',
      'C# vs. Java: which one, really?!',
    ]) {
      for (const length of LENGTHS) {
        const article = writeArticle(topic, length).slice(ARTICLE_NOTICE.length);
        const subject = cleanTopic(topic);
        const inline = subject.charAt(0).toLowerCase() + subject.slice(1);
        // Below the title, only ever quoted where it sits inside a sentence (never "what how small bakeries … involves")…
        const body = article.split('\n').slice(1).join('\n').toLowerCase();
        expect(body, topic).toContain(`“${inline.toLowerCase()}”`);
        expect(body.replaceAll(`“${inline.toLowerCase()}”`, ''), topic).not.toContain(inline.toLowerCase());
        // …and never squeezed into a section heading.
        for (const heading of article.split('\n').filter((l) => l.startsWith('## '))) expect(heading.toLowerCase(), topic).not.toContain(subject.toLowerCase());
        expect(article.split('\n')[0]!.toLowerCase()).toContain(subject.toLowerCase());
      }
    }
    expect(writeArticle('how small bakeries can use social media to win local customers', 'SHORT')).not.toContain('what how small bakeries');
  });

  it('survives a topic that is nothing but markup', () => {
    const article = writeArticle('<b></b>', 'SHORT');
    const words = countWords(article);
    expect(words).toBeGreaterThan(500);
    expect(words).toBeLessThan(800);
    expect(article).not.toContain('<');
  });
});

describe('writeTitles', () => {
  const KEYWORDS = ['remote work', 'Sourdough', 'machine learning', 'Lisbon', 'C# generics', '<b>bold</b> claims'];

  it('writes ten distinct titles containing the keyword for every category', () => {
    for (const keyword of KEYWORDS) {
      const kw = cleanTopic(keyword);
      for (const category of CATEGORIES) {
        const markdown = writeTitles(keyword, category);
        expect(markdown.startsWith(TITLES_NOTICE)).toBe(true);
        expect(markdown.split('\n')[2]).toBe(`## Blog titles for "${kw}" · ${BLOG_CATEGORY_LABELS[category]}`);
        const titles = parseTitles(markdown);
        expect(titles).toHaveLength(10);
        expect(new Set(titles).size).toBe(10);
        for (const title of titles) expect(title.toLowerCase()).toContain(kw.toLowerCase());
        expect(markdown).not.toMatch(/<|\{\w+\}/);
        expect(writeTitles(keyword, category)).toBe(markdown);
      }
    }
  });

  it('title-cases the keyword inside titles, keeping deliberate casing', () => {
    const titles = parseTitles(writeTitles('iPhone photography', 'TECHNOLOGY'));
    expect(titles.every((t) => t.includes('iPhone Photography'))).toBe(true);
    const food = parseTitles(writeTitles('urban beekeeping', 'FOOD'));
    expect(food.every((t) => t.includes('Urban Beekeeping'))).toBe(true);
  });

  it('says at its top that the titles are a template, and the list still parses to ten', () => {
    const markdown = writeTitles('urban beekeeping', 'FOOD');
    expect(hasTemplateNotice(markdown)).toBe(true);
    expect(markdown.split('\n')[0]).toMatch(/^> \*\*Template titles, not AI writing\.\*\* No text model is connected/);
    expect(parseTitles(markdown)).toHaveLength(10);
    // The client counts numbered items the same way (client/src/features/blog-titles/lib/countTitles.ts).
    expect(markdown.match(/^\s{0,3}\d{1,3}[.)]\s+\S/gm)).toHaveLength(10);
  });

  it('uses no template that only fits one kind of keyword (a dish, a place) in a way that breaks with another', () => {
    for (const category of CATEGORIES) {
      for (const keyword of ['urban beekeeping', 'sourdough', 'Lisbon']) {
        const markdown = writeTitles(keyword, category);
        expect(markdown).not.toMatch(/How Chefs Make|Ways to Use|Recipes for Busy|Cooking \w/);
      }
    }
  });

  it('gives different titles for different categories and keywords', () => {
    const tech = parseTitles(writeTitles('remote work', 'TECHNOLOGY'));
    const food = parseTitles(writeTitles('remote work', 'FOOD'));
    expect(tech.filter((t) => food.includes(t)).length).toBeLessThan(5);
    expect(writeTitles('remote work', 'GENERAL')).not.toBe(writeTitles('hybrid work', 'GENERAL'));
  });
});

const STRONG_RESUME = `Jane Doe
Senior Software Engineer
jane.doe@example.com | +1 (415) 555-0134 | linkedin.com/in/janedoe | github.com/janedoe

PROFESSIONAL SUMMARY
Backend engineer with ten years of experience building payment and data platforms for high-growth companies. I enjoy turning slow, fragile systems into fast, reliable ones, working closely with product and finance partners, and mentoring engineers along the way. Looking for a staff-level role focused on platform reliability and developer productivity.

EXPERIENCE
Senior Software Engineer, Brightpay — San Francisco, CA
March 2020 – Present
• Led the redesign of the payments ledger, cutting reconciliation time from 6 hours to 20 minutes.
• Reduced API p99 latency by 45% by introducing request coalescing and a Redis cache layer.
• Built a fraud-scoring service that processes 3M transactions per day and saved $1.2M in chargebacks in its first year.
• Mentored 5 engineers, two of whom were promoted to senior within 18 months.
• Designed the on-call runbook and alerting strategy, lowering pages per week from 30 to 8.

Software Engineer, DataNest — Austin, TX
June 2016 – February 2020
• Developed ingestion pipelines in Go and Kafka handling 2 TB of events daily.
• Automated schema migrations, eliminating a recurring 2-hour manual release step.
• Improved test coverage from 40% to 85% across four core services.
• Launched a self-serve analytics dashboard adopted by 12 internal teams.
• <script>alert("xss")</script> Migrated 150 cron jobs to Airflow with zero downtime.
• Partnered with the data science team to ship a churn model that lifted retention by 7%.

Junior Developer, Copperline Studio — Austin, TX
July 2014 – May 2016
• Shipped 20+ client websites in PHP and JavaScript, consistently on time and within budget.
• Introduced code review and continuous integration, which cut production bugs by 60%.
• Trained 3 interns on Git, testing and deployment practices.
• Rebuilt the agency's invoicing tool, reducing billing errors by 90% and saving 10 hours a month.

PROJECTS
• Created an open-source rate limiter for Node.js with 2,000 GitHub stars.
• Wrote a series of articles on event sourcing read by 50k developers.

EDUCATION
B.Sc. Computer Science, University of Texas at Austin, 2016

SKILLS
Languages: Go, TypeScript, Python, SQL
Infrastructure: PostgreSQL, Redis, Kafka, Kubernetes, Terraform, AWS
Practices: distributed systems, observability, incident response, code review, technical writing, mentoring

CERTIFICATIONS
AWS Certified Solutions Architect – Associate, 2021
Certified Kubernetes Application Developer, 2022
`;

const WEAK_RESUME = `John Smith

Objective
Hard-working team player and detail-oriented self-starter looking for a challenging position where I can grow.

Work History
Office Assistant, Acme Corporation
- Responsible for answering phones and greeting visitors at the front desk.
- Responsible for ordering supplies for the office when they ran low.
- Worked on the filing system and kept records organized for the managers.
- Helped the team with various projects and other tasks as needed.
- Assisted with scheduling meetings for the department.

Sales Associate, Corner Store
- Responsible for stocking shelves and helping customers find products.
- Handled the cash register and closing duties on weekends.

Skills
Microsoft Office, customer service, communication, organization, teamwork
`;

describe('resumeProblem', () => {
  it('takes resumes, strong and weak, and tells other documents what they lack', () => {
    expect(resumeProblem(STRONG_RESUME)).toBeNull();
    expect(resumeProblem(WEAK_RESUME)).toBeNull();
    const article = `How small bakeries win local customers\n\n${'Bakeries that post their morning bakes by eight sell out before noon, owners say. '.repeat(8)}\nIntroduction\nThe market has changed since 2019, and the shops that adapted early kept their regulars.`;
    expect(resumeProblem(article)).toBe(
      "This PDF does not look like a resume: it has none of a resume's usual sections (experience, education, skills…), no contact details, no dated roles. Please upload your resume as a PDF.",
    );
    // Too little text to tell: the review itself says it could not be read.
    expect(resumeProblem('Jane Doe Engineer')).toBeNull();
  });
});

describe('reviewResume', () => {
  const score = (review: string) => Number(/\*\*Score: (\d+)\/100\*\*/.exec(review)?.[1]);

  it('scores a strong resume higher than a weak one', () => {
    const strong = reviewResume(STRONG_RESUME);
    const weak = reviewResume(WEAK_RESUME);
    expect(countWords(STRONG_RESUME)).toBeGreaterThan(350);
    expect(score(strong)).toBeGreaterThanOrEqual(80);
    expect(score(weak)).toBeLessThan(50);
    expect(score(strong)).toBeGreaterThan(score(weak));
    expect(reviewResume(STRONG_RESUME)).toBe(strong);
  });

  it('has every section of the review', () => {
    const review = reviewResume(STRONG_RESUME);
    expect(review.startsWith(`${REVIEW_NOTICE}# Resume Review\n`)).toBe(true);
    expect(review.split('\n')[0]).toMatch(/^> \*\*Rule-based checks, not AI writing\.\*\* No text model is connected/);
    for (const heading of ['Strengths', 'Sections', 'Contact details', 'Impact and achievements', 'Language', 'Length', 'Suggestions']) {
      expect(review).toContain(`\n## ${heading}\n`);
    }
    expect(review).toContain('✓ Education');
    expect(review).toContain('✓ Experience / Work history');
    expect(review).toContain('✓ Email address');
    expect(review).toContain('✓ Phone number');
    expect(review).toMatch(/✓ Online profile: LinkedIn, GitHub/);
  });

  it('quotes quantified achievements', () => {
    const review = reviewResume(STRONG_RESUME);
    expect(review).toMatch(/\d+ of \d+ achievement lines include a number/);
    expect(review).toContain('“Led the redesign of the payments ledger, cutting reconciliation time from 6 hours to 20 minutes.”');
    expect(review).toContain('Reduced API p99 latency by 45%');
  });

  it('names what is missing and suggests concrete fixes for a weak resume', () => {
    const review = reviewResume(WEAK_RESUME);
    expect(review).toContain('✗ Education — missing');
    expect(review).toContain('✓ Experience / Work history');
    expect(review).toContain('✓ Summary / Profile');
    expect(review).toContain('No email address found');
    expect(review).toContain('No phone number found');
    expect(review).toMatch(/“Responsible for” ×3/);
    expect(review).toMatch(/“team player”/);
    const suggestions = review.slice(review.indexOf('## Suggestions'));
    expect(suggestions).toContain('**Education**');
    expect(suggestions).toMatch(/Quantify more achievements: 0 of \d+/);
    expect(suggestions).toContain('Responsible for answering phones');
    expect(suggestions).toMatch(/Expand to at least 250 words/);
  });

  it('never emits HTML from the resume', () => {
    const review = reviewResume(STRONG_RESUME);
    expect(review).not.toContain('<script');
    expect(review).not.toMatch(/<[a-z/]/i);
    const hostile = WEAK_RESUME.replace('Work History\n', 'Work History\n- Increased sales by 30% <img src=x onerror=alert(1)> for [the](javascript:alert(1)) **team**\n');
    const out = reviewResume(hostile);
    expect(out).not.toMatch(/<img|<[a-z]/i);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(out).toContain('\\[the\\](javascript:alert(1)) \\*\\*team\\*\\*');
  });

  it('explains that no text was found for an empty or image-only PDF', () => {
    for (const text of ['', '   \n\n  ', 'Scanned page 1 of 1']) {
      const review = reviewResume(text);
      expect(score(review)).toBe(0);
      expect(hasTemplateNotice(review)).toBe(true);
      expect(review).toContain('No readable text');
      expect(review).toContain('text-based PDF');
    }
  });
});
