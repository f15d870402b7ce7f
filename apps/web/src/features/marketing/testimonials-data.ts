// Landing-page testimonials. The people are fictional; avatars are generated initials images
// (see scripts/generate-images.mjs), never photos of real people.

export interface Testimonial {
  name: string;
  role: string;
  image: string;
  description: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Maya Thornton',
    role: 'Leadership Coach, Thornton Coaching',
    image: '/images/testimonials/maya-thornton.jpeg',
    description:
      'I used to rebuild the same launch checklist from scratch every time. I uploaded the Product Launch Plan ' +
      'template straight into Asana, and my last group program opened on time and filled 18 of its 20 seats. ' +
      'The AI planner also turned my vague "grow the practice" goal into a 90-day plan I actually followed.',
  },
  {
    name: 'Daniel Okafor',
    role: 'Founder, Brightline Creative Agency',
    image: '/images/testimonials/daniel-okafor.jpeg',
    description:
      'We sign three or four new clients a month, and the Client Onboarding Checklist is the first thing we ' +
      'upload into ClickUp once a contract is signed. Kick-off calls now happen within a week instead of three, ' +
      'and nothing gets lost between sales and delivery.',
  },
  {
    name: 'Priya Raman',
    role: 'Fractional COO',
    image: '/images/testimonials/priya-raman.jpeg',
    description:
      'I work with four companies at a time, so I need plans in minutes, not days. I draft with the AI planner, ' +
      'refine it with the Operations Plan template and push it into monday.com for each client team. ' +
      'It has roughly halved the time it takes me to plan a new engagement.',
  },
  {
    name: 'Sofia Marquez',
    role: 'Online Business Manager',
    image: '/images/testimonials/sofia-marquez.jpeg',
    description:
      'The Monthly Financial Close Checklist and the weekly planning review are now the backbone of how I run ' +
      "my clients' back offices. Every task lands in Asana with a due date, so clients can see exactly where " +
      'things stand without another status meeting.',
  },
  {
    name: 'Jordan Ellis',
    role: 'Virtual Assistant, Ellis Admin Co.',
    image: '/images/testimonials/jordan-ellis.jpeg',
    description:
      'My clients used to send me their goals as voice notes. Now I run each goal through the AI planner, tidy ' +
      'the task list with the client on a short call and upload it to ClickUp the same day. Two clients told me ' +
      "it's the first time they've had a real plan.",
  },
  {
    name: 'Hannah Whitaker',
    role: 'Solopreneur, Whitaker Paper Studio',
    image: '/images/testimonials/hannah-whitaker.jpeg',
    description:
      'Running my stationery shop alone meant planning always came last. The free 5 Simple Principles guide ' +
      'changed how I approach every project: I planned my holiday collection in one afternoon and launched it ' +
      'two weeks earlier than last year.',
  },
];
