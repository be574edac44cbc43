export interface NavLink {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Product',
    links: [
      { label: 'Demo', to: '/product/demo' },
      { label: 'Features', to: '/product/feature' },
      { label: 'Pricing', to: '/product/pricing' },
    ],
  },
  {
    label: 'Resources',
    links: [
      { label: 'API', to: '/resources/api' },
      { label: 'Documentation', to: '/resources/documentation' },
    ],
  },
  {
    label: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Feedback', to: '/feedback' },
    ],
  },
  {
    label: 'Legal',
    links: [
      { label: 'Privacy', to: '/legal/privacy' },
      { label: 'Security', to: '/legal/security' },
      { label: 'Terms', to: '/legal/terms' },
    ],
  },
];
