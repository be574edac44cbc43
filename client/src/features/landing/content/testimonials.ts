/** Spec §3 Testimonial: six samples, all rated 5. Portraits are drawn in-repo (client/public/media/avatars). */
export interface Testimonial {
  id: number;
  name: string;
  role: string;
  company: string;
  rating: 5;
  text: string;
  userImage: string;
}

const avatar = (slug: string) => `/media/avatars/${slug}.webp`;

export const TESTIMONIALS: Testimonial[] = [
  {
    id: 1,
    name: 'Priya Raman',
    role: 'Content Lead',
    company: 'Northwind Media',
    rating: 5,
    text: 'We draft a week of articles in an afternoon now. The writer keeps our structure, and the title generator saves every brainstorm.',
    userImage: avatar('priya-raman'),
  },
  {
    id: 2,
    name: 'Marcus Chen',
    role: 'Product Designer',
    company: 'Lumen Labs',
    rating: 5,
    text: 'Background removal is clean enough for client mock-ups straight away. It has replaced three separate tools in my workflow.',
    userImage: avatar('marcus-chen'),
  },
  {
    id: 3,
    name: 'Sofia Álvarez',
    role: 'Marketing Manager',
    company: 'Brightpath',
    rating: 5,
    text: 'Our social images used to take days of back and forth. Now the team generates options in minutes and picks the best.',
    userImage: avatar('sofia-alvarez'),
  },
  {
    id: 4,
    name: 'Daniel Okafor',
    role: 'Career Coach',
    company: 'Stepwise',
    rating: 5,
    text: 'The resume review gives concrete, prioritised feedback. My clients fix the right things first and land interviews sooner.',
    userImage: avatar('daniel-okafor'),
  },
  {
    id: 5,
    name: 'Emma Lindqvist',
    role: 'Photographer',
    company: 'Studio Nord',
    rating: 5,
    text: 'Object removal rescued shots I would have thrown away: a stray sign, a passer-by, gone without a trace.',
    userImage: avatar('emma-lindqvist'),
  },
  {
    id: 6,
    name: 'Yuki Tanaka',
    role: 'Founder',
    company: 'Kumo Goods',
    rating: 5,
    text: 'One account for writing, images and editing keeps our small team fast. The community gallery is full of ideas too.',
    userImage: avatar('yuki-tanaka'),
  },
];
