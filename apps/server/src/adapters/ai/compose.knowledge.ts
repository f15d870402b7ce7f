import type { HelpArea } from '@dpp/shared';

/**
 * What the offline planner knows, as data: a profile of each industry the goal wizard offers, and for each
 * help area its KPI, tools, roles, keywords, projects and tasks; plus the task of each sub-option that has one
 * of its own. compose.ts combines them with the member's answers. Improve the offline plans here (ADR 0019).
 */

interface IndustryProfile {
  customers: string;
  channels: string;
  tools: string[];
  metric: string;
  helper: string;
}

export const INDUSTRY_PROFILES: Record<string, IndustryProfile> = {
  'Coaching & Consulting': {
    customers: 'coaching and consulting clients',
    channels: 'LinkedIn, podcast guest spots and referrals',
    tools: ['Calendly', 'Kajabi'],
    metric: 'booked discovery calls',
    helper: 'a virtual assistant',
  },
  'E-commerce & Retail': {
    customers: 'online shoppers',
    channels: 'Instagram, Google Shopping and email',
    tools: ['Shopify', 'Klaviyo'],
    metric: 'orders and average order value',
    helper: 'a fulfilment assistant',
  },
  'Professional Services': {
    customers: 'business clients',
    channels: 'LinkedIn, industry associations and referrals',
    tools: ['HubSpot CRM', 'DocuSign'],
    metric: 'signed engagements',
    helper: 'a client coordinator',
  },
  'Health & Wellness': {
    customers: 'patients and wellness clients',
    channels: 'Google Business Profile, Instagram and local partners',
    tools: ['Mindbody', 'Jane App'],
    metric: 'booked appointments and rebookings',
    helper: 'a front-desk coordinator',
  },
  'Real Estate': {
    customers: 'home buyers and sellers',
    channels: 'Zillow, open houses and past-client referrals',
    tools: ['Follow Up Boss', 'Canva'],
    metric: 'qualified leads and listings signed',
    helper: 'a transaction coordinator',
  },
  'Marketing & Creative Services': {
    customers: 'agency clients',
    channels: 'portfolio case studies, LinkedIn and partner agencies',
    tools: ['Figma', 'HubSpot'],
    metric: 'retainers signed',
    helper: 'a project coordinator',
  },
  'Technology & Software': {
    customers: 'software users and buyers',
    channels: 'content, product-led trials and integrations marketplaces',
    tools: ['Intercom', 'Mixpanel'],
    metric: 'trial-to-paid conversions',
    helper: 'a customer success specialist',
  },
  'Education & Training': {
    customers: 'students and course buyers',
    channels: 'webinars, YouTube and email',
    tools: ['Teachable', 'Zoom'],
    metric: 'enrolments and completion rate',
    helper: 'a course assistant',
  },
  'Food & Hospitality': {
    customers: 'guests and diners',
    channels: 'Google Maps, Instagram and local events',
    tools: ['Toast POS', 'OpenTable'],
    metric: 'covers per week and repeat visits',
    helper: 'a shift manager',
  },
  'Construction & Home Services': {
    customers: 'homeowners and property managers',
    channels: 'Google Local Services, Nextdoor and referrals',
    tools: ['Jobber', 'QuickBooks'],
    metric: 'booked jobs and average job value',
    helper: 'an office coordinator',
  },
};

export const GENERIC_PROFILE: IndustryProfile = {
  customers: 'customers',
  channels: 'your strongest channels and referrals',
  tools: ['Google Workspace', 'Canva'],
  metric: 'new customers per month',
  helper: 'a virtual assistant',
};

export interface AreaKnowledge {
  kpi: string;
  tools: string[];
  roles: string[];
  projects: (c: PlanContext) => [string, string][];
  tasks: (c: PlanContext) => [string, [string, string][]][];
  keywords: string[];
}

export interface PlanContext {
  industry: string;
  /** The industry inside a sentence: "your boat repair business". */
  trade: string;
  profile: IndustryProfile;
  /** What the member sells, as a lower-case phrase ("handmade soap and candles"), or "your offer". */
  offer: string;
  /** The same, short and capitalised, for project names. */
  offerTitle: string;
  area: HelpArea | null;
  areaLabel: string;
  sub: string;
  /** The sub-option inside a sentence: "social media marketing". */
  topic: string;
  problem: string;
  /** The problem or goal the member named, as a sentence of its own. */
  problemSentence: string;
  measure: string;
  /** The measure of success, as a sentence of its own. */
  target: string;
  helpType: string;
  project: string;
  sop: boolean;
}

export const AREAS: Record<HelpArea, AreaKnowledge> = {
  'Marketing & Lead Generation': {
    kpi: 'new qualified leads per week',
    tools: ['Mailchimp or ConvertKit', 'Buffer', 'Google Analytics'],
    roles: ['Marketing lead (owner)', 'Content creator', 'Designer'],
    keywords: ['marketing', 'lead', 'content', 'email', 'social', 'launch', 'brand', 'audience'],
    projects: (c) => [
      [`${c.sub} Lead Engine`, `a repeatable ${c.topic} routine that brings ${c.profile.customers} to your offer`],
      [`Lead Magnet for ${c.offerTitle}`, `a free guide or checklist that turns visitors into subscribers`],
      [`90-Day Content Calendar`, `weekly posts on ${c.profile.channels}`],
      [`Referral and Partner Push`, `ask happy ${c.profile.customers} and partners for introductions`],
      [`Conversion-Ready Landing Page`, `one page with one clear call to action for ${c.offer}`],
    ],
    tasks: (c) => [
      [
        `Define the ideal customer for ${c.project}`,
        [
          ['Interview three recent customers', `Ask ${c.profile.customers} why they bought and where they found you.`],
          ['Write a one-paragraph customer profile', 'Pains, goals, words they use.'],
          ['List where they spend time', `Rank ${c.profile.channels} by reach.`],
        ],
      ],
      [
        `Craft the core ${c.topic} message`,
        [
          ['Draft three headline options', `Each promises one result of ${c.offer}.`],
          ['Pick proof points', 'Testimonials, numbers, before/after.'],
          ['Test the message with five people', 'Keep the version they repeat back.'],
        ],
      ],
      [
        'Build the lead capture asset',
        [
          ['Choose the lead magnet format', 'Checklist, guide, mini-course or quiz.'],
          ['Write and design the asset', 'Keep it to one quick win.'],
          ['Set up the opt-in form', 'Connect it to your email tool.'],
        ],
      ],
      [
        'Set up tracking and the weekly scorecard',
        [
          ['Add analytics and UTM links', 'Know which channel brings each lead.'],
          [`Define the target for ${c.profile.metric}`, c.target],
          ['Create the scorecard sheet', 'One row per week.'],
        ],
      ],
      [
        `Produce the first month of ${c.topic} content`,
        [
          ['Plan twelve pieces', `Each speaks to the point you named: ${c.problemSentence}`],
          ['Batch-create the content', 'Two focused sessions a week.'],
          ['Schedule everything', 'Use a scheduler so it runs without you.'],
        ],
      ],
      [
        'Launch the campaign',
        [
          ['Announce to your current list and network', 'Personal messages first.'],
          ['Publish on the main channel', c.profile.channels],
          ['Reply to every response within a day', 'Speed converts leads.'],
        ],
      ],
      [
        'Follow up and convert leads',
        [
          ['Write a five-email nurture sequence', `Lead from problem to ${c.offer}.`],
          ['Book calls or drive purchases', 'One clear next step in every email.'],
          ['Log each lead in the CRM', 'Status, source, next action.'],
        ],
      ],
      [
        c.sop ? `Write the SOP for running ${c.project}` : 'Review results and double down',
        c.sop
          ? [
              ['Record each step as you do it', 'Screenshots or a short video.'],
              ['Turn the steps into a checklist', 'Owner, tool, timing for each step.'],
              ['Hand the SOP to a helper', `Train ${c.profile.helper} and watch one run.`],
            ]
          : [
              ['Compare results with the target', c.target],
              ['Cut the weakest channel', 'Move its time to the best one.'],
              ['Plan the next 30 days', 'Keep what worked, test one new idea.'],
            ],
      ],
    ],
  },
  'Sales & Revenue Growth': {
    kpi: 'revenue and close rate',
    tools: ['HubSpot CRM or Pipedrive', 'Stripe', 'Calendly'],
    roles: ['Sales owner', 'Account manager', 'Finance reviewer'],
    keywords: ['sales', 'revenue', 'pricing', 'offer', 'launch', 'client', 'pipeline', 'goal'],
    projects: (c) => [
      [`${c.sub} Revenue Sprint`, `a focused push on ${c.topic} for ${c.offer}`],
      ['Sales Pipeline Rebuild', `clear stages from first contact to signed ${c.profile.customers}`],
      [`Signature Offer Package for ${c.offerTitle}`, 'one premium package with a clear price and promise'],
      ['Win-Back and Upsell Campaign', `reach past ${c.profile.customers} with a relevant next offer`],
      ['Sales Call Playbook', 'a script and follow-up rhythm anyone on the team can use'],
    ],
    tasks: (c) => [
      [
        `Set the revenue target for ${c.project}`,
        [
          ['Review last quarter\u2019s numbers', 'Revenue, deals, close rate.'],
          ['Pick the target', c.target],
          ['Break it into weekly numbers', `How many ${c.profile.metric} a week it takes.`],
        ],
      ],
      [
        'Map the sales pipeline stages',
        [
          ['List every stage from lead to paid', 'Name the exit rule of each stage.'],
          ['Set up the stages in the CRM', 'One pipeline, no side lists.'],
          ['Import open opportunities', 'Give each a next step and date.'],
        ],
      ],
      [
        `Package and price ${c.offer}`,
        [
          ['Define three tiers', 'Good, better, best.'],
          ['Set prices from value and margin', 'Check against two competitors.'],
          ['Write the offer page or proposal', `Speak to the point you named: ${c.problemSentence}`],
        ],
      ],
      [
        'Write the sales conversation script',
        [
          ['Draft discovery questions', 'Uncover pain, budget and timing.'],
          ['Prepare answers to top objections', 'Price, timing, trust.'],
          ['Role-play five calls', 'Record and refine.'],
        ],
      ],
      [
        'Build the lead list',
        [
          [`List 50 ${c.profile.customers} who fit`, `Source from ${c.profile.channels}.`],
          ['Rank them by fit and timing', 'Hot, warm, cold.'],
          ['Find the right contact for each', 'Name, channel, reason to reach out.'],
        ],
      ],
      [
        'Run outreach and book conversations',
        [
          ['Send ten personal messages a day', 'Reference something specific to them.'],
          ['Follow up twice', 'Day 3 and day 7.'],
          ['Book the calls', 'Use a scheduling link.'],
        ],
      ],
      [
        'Close deals and collect payment',
        [
          ['Send proposals within 24 hours', 'Include the deadline.'],
          ['Take payment online', 'Card or invoice with a link.'],
          ['Kick off each new client', 'Welcome message and first meeting.'],
        ],
      ],
      [
        c.sop ? 'Write the SOP for the sales process' : 'Review the pipeline weekly',
        c.sop
          ? [
              ['Document each pipeline stage', 'What happens, who does it, which template.'],
              ['Save scripts and templates in one place', 'Shared folder linked from the SOP.'],
              ['Train a second person', `Have ${c.profile.helper} run one deal end to end.`],
            ]
          : [
              ['Check numbers against target', c.target],
              ['Clean stale deals', 'Close or re-date them.'],
              ['Adjust the next week\u2019s focus', 'More leads, better calls or faster follow-up.'],
            ],
      ],
    ],
  },
  'Operations & Systems': {
    kpi: 'hours saved per week and error rate',
    tools: ['Asana, ClickUp or monday.com', 'Zapier', 'Loom'],
    roles: ['Operations owner', 'Process documenter', 'Team members who run the process'],
    keywords: ['process', 'system', 'operations', 'sop', 'workflow', 'automation', 'checklist', 'onboarding'],
    projects: (c) => [
      [`${c.sub} Overhaul`, `a simpler, documented way to handle ${c.topic} in your ${c.trade} business`],
      ['Core Process Library', 'the ten processes that run the business, written down'],
      ['Automation Quick Wins', `connect ${c.profile.tools.join(' and ')} so repeat work runs itself`],
      ['Weekly Operations Dashboard', 'one view of work in progress, bottlenecks and numbers'],
      [`Client Onboarding System for ${c.offerTitle}`, `a smooth first 30 days for new ${c.profile.customers}`],
    ],
    tasks: (c) => [
      [
        `Map the current ${c.topic} workflow`,
        [
          ['Walk through one real example', 'Note every step and hand-off.'],
          ['Time each step', 'Where does work wait?'],
          ['Mark the pain points', `Start with the point you named: ${c.problemSentence}`],
        ],
      ],
      [
        'Design the future workflow',
        [
          ['Remove steps that add no value', 'Ask: Who needs this?'],
          ['Assign an owner to each step', 'One name per step.'],
          ['Define done for each step', 'A check anyone can verify.'],
        ],
      ],
      [
        'Choose and set up the tools',
        [
          ['List the tools already paid for', `Start with ${c.profile.tools.join(', ')}.`],
          ['Fill gaps with one tool at a time', 'Avoid overlap.'],
          ['Create the project space', 'Templates, fields and views.'],
        ],
      ],
      [
        'Document the process as a checklist',
        [
          ['Write the step-by-step checklist', 'Verbs first, one action per line.'],
          ['Record short Loom videos', 'One per tricky step.'],
          ['Store it where the work happens', 'Link it from the task template.'],
        ],
      ],
      [
        'Automate the repeat steps',
        [
          ['Pick the three most repeated steps', 'Forms, notifications, hand-offs.'],
          ['Build the automations', 'Test each with sample data.'],
          ['Add a failure alert', 'Someone hears when an automation stops.'],
        ],
      ],
      [
        'Pilot with one real case',
        [
          ['Run the new process end to end', 'With the person who will own it.'],
          ['Collect feedback', 'What was unclear or slow?'],
          ['Fix and update the checklist', 'Version the document.'],
        ],
      ],
      [
        'Train the team and switch over',
        [
          ['Hold a 30-minute walkthrough', 'Show the checklist and tools.'],
          ['Set the switch-over date', 'The old way stops that day.'],
          ['Answer questions for two weeks', 'Update the SOP with each answer.'],
        ],
      ],
      [
        c.sop ? `Publish the ${c.sub} SOP and review schedule` : 'Measure and improve monthly',
        c.sop
          ? [
              ['Finalise the SOP format', 'Purpose, scope, steps, owners.'],
              ['Get sign-off from the owner', 'Name and date.'],
              ['Book a quarterly review', 'Keep it current.'],
            ]
          : [
              ['Track the operations KPI', c.target],
              ['Review bottlenecks monthly', 'One improvement each month.'],
              ['Share the wins', 'Hours saved, errors avoided.'],
            ],
      ],
    ],
  },
  'Team & Hiring': {
    kpi: 'time to hire and ramp-up time',
    tools: ['Indeed or Upwork', 'Google Workspace', 'Loom'],
    roles: ['Hiring manager', 'Interviewer', 'Onboarding buddy'],
    keywords: ['team', 'hire', 'hiring', 'roles', 'delegate', 'owner', 'training', 'onboarding'],
    projects: (c) => [
      [`${c.sub} Plan`, `the people side of growing your ${c.trade} business`],
      [`Hire ${c.profile.helper}`, 'take repeat work off the owner\u2019s desk'],
      ['Role Scorecards and Org Chart', 'who owns which results, written down'],
      ['30-60-90 Day Onboarding Program', 'new people productive in their first month'],
      ['Delegation and Accountability Rhythm', 'weekly check-ins and clear ownership'],
    ],
    tasks: (c) => [
      [
        'List the work to hand off',
        [
          ['Track your time for one week', 'Every task over 15 minutes.'],
          ['Mark tasks others can do', 'Repeatable, low-judgement work.'],
          [`Group them into a role for ${c.project}`, 'One coherent job.'],
        ],
      ],
      [
        'Write the role scorecard',
        [
          ['Define the mission of the role', 'One sentence.'],
          ['List three to five outcomes', `Tie each to the target: ${c.target}`],
          ['Set the must-have skills', 'Only what the outcomes need.'],
        ],
      ],
      [
        'Set the budget and hiring channel',
        [
          ['Decide employee or contractor', 'Hours, cost, control.'],
          ['Set the pay range', 'Check local rates.'],
          ['Choose where to post', 'Job board, network or freelance site.'],
        ],
      ],
      [
        'Post the role and screen applicants',
        [
          ['Write the job post', `Explain why ${c.offer} matters.`],
          ['Add a short test task', 'Paid if longer than an hour.'],
          ['Shortlist five candidates', 'Score against the scorecard.'],
        ],
      ],
      [
        'Interview and make the offer',
        [
          ['Run structured interviews', 'Same questions for everyone.'],
          ['Check two references', 'Ask about the outcomes.'],
          ['Send the written offer', 'Start date, pay, expectations.'],
        ],
      ],
      [
        'Prepare onboarding materials',
        [
          ['Set up accounts and access', 'Tools, email, files.'],
          ['Record how-to videos', 'The top ten tasks of the role.'],
          ['Write the first-week plan', 'Day-by-day.'],
        ],
      ],
      [
        'Onboard and delegate the first tasks',
        [
          ['Hold the welcome meeting', 'Goals, culture, rhythm.'],
          ['Hand over tasks one by one', 'Show, do together, then let go.'],
          ['Set up a weekly one-to-one', 'Same day, same time.'],
        ],
      ],
      [
        c.sop ? 'Write the hiring and onboarding SOP' : 'Review performance at 30 and 90 days',
        c.sop
          ? [
              ['Document each hiring step', 'Templates included.'],
              ['Document the onboarding checklist', 'Accounts, training, first tasks.'],
              ['Store both where managers find them', 'Linked from the team handbook.'],
            ]
          : [
              ['Score outcomes against the scorecard', 'Honest and specific.'],
              ['Agree next goals', 'Tie them to the business goal.'],
              ['Decide on the next hire', 'Only when the numbers say so.'],
            ],
      ],
    ],
  },
  'Finance & Cash Flow': {
    kpi: 'cash runway and profit margin',
    tools: ['QuickBooks or Xero', 'Google Sheets', 'Stripe'],
    roles: ['Owner (decision maker)', 'Bookkeeper', 'Accountant or fractional CFO'],
    keywords: ['budget', 'finance', 'cash', 'cost', 'revenue', 'money', 'forecast', 'profit'],
    projects: (c) => [
      [`${c.sub} Reset`, `a clear view of the money in your ${c.trade} business`],
      ['13-Week Cash Flow Forecast', 'see cash gaps before they happen'],
      ['Expense Audit and Cost Cutting', 'cancel what does not earn its keep'],
      ['Monthly Financial Review Rhythm', 'numbers reviewed every month in 60 minutes'],
      [`Profit Plan for ${c.offerTitle}`, 'prices and costs that leave a healthy margin'],
    ],
    tasks: (c) => [
      [
        'Gather the financial records',
        [
          ['Export 12 months of bank statements', 'All accounts and cards.'],
          ['Collect invoices and receipts', 'One folder per month.'],
          ['Reconcile the books', 'Bank matches books.'],
        ],
      ],
      [
        `Set the financial target for ${c.project}`,
        [
          ['Pick the target', c.target],
          ['Choose the review dates', 'Monthly and quarterly.'],
          ['Share it with your advisor', 'Bookkeeper or accountant.'],
        ],
      ],
      [
        'Build the budget',
        [
          ['List fixed costs', 'Rent, software, salaries.'],
          ['Estimate variable costs', `Per sale of ${c.offer}.`],
          ['Set spending limits per category', 'With a buffer.'],
        ],
      ],
      [
        'Forecast cash for 13 weeks',
        [
          ['Enter expected income by week', 'Be conservative.'],
          ['Enter planned payments', 'Tax dates too.'],
          ['Mark the low points', 'Plan for them now.'],
        ],
      ],
      [
        'Cut or renegotiate costs',
        [
          ['Review every subscription', 'Cancel unused tools.'],
          ['Renegotiate the top three suppliers', 'Ask for annual or volume terms.'],
          ['Move savings to the reserve', 'Automatic transfer.'],
        ],
      ],
      [
        'Speed up incoming payments',
        [
          ['Invoice on delivery, not month end', 'Same day.'],
          ['Offer online payment', 'Card and bank transfer links.'],
          ['Chase overdue invoices', 'Friendly reminders at 7 and 14 days.'],
        ],
      ],
      [
        'Set up the monthly finance review',
        [
          ['Create the one-page report', 'Revenue, costs, profit, cash.'],
          ['Book the recurring review', 'First week of each month.'],
          [`Compare to ${c.profile.metric}`, 'Connect money to activity.'],
        ],
      ],
      [
        c.sop ? 'Write the month-end finance SOP' : 'Decide next quarter\u2019s moves',
        c.sop
          ? [
              ['List month-end steps', 'Reconcile, report, review.'],
              ['Assign owners and dates', 'Bookkeeper and owner.'],
              ['Store the SOP with the reports', 'One shared folder.'],
            ]
          : [
              ['Review results against target', c.target],
              ['Pick one growth and one saving move', 'Write them down.'],
              ['Update the budget', 'For the next quarter.'],
            ],
      ],
    ],
  },
  'Customer Experience': {
    kpi: 'customer satisfaction and repeat purchases',
    tools: ['Help Scout or Zendesk', 'Typeform', 'Google Reviews'],
    roles: ['Customer experience owner', 'Support team', 'Delivery team'],
    keywords: ['client', 'customer', 'service', 'delivery', 'feedback', 'onboarding', 'support', 'review'],
    projects: (c) => [
      [`${c.sub} Upgrade`, `a better experience for ${c.profile.customers} of ${c.offer}`],
      ['Customer Journey Map', 'every touchpoint from first contact to referral'],
      ['Review and Testimonial Engine', 'steady five-star reviews and stories'],
      ['Support Response Playbook', 'fast, consistent answers to common questions'],
      ['Loyalty and Referral Program', `reward repeat ${c.profile.customers}`],
    ],
    tasks: (c) => [
      [
        `Map the customer journey for ${c.project}`,
        [
          ['List every touchpoint', 'From first contact to repeat purchase.'],
          ['Note how each one feels today', 'Use real comments.'],
          ['Mark the moments that matter', `Start where the point you named shows up: ${c.problemSentence}`],
        ],
      ],
      [
        'Ask customers for feedback',
        [
          ['Write a five-question survey', 'One rating, four open questions.'],
          ['Send it to recent customers', `Recent ${c.profile.customers}.`],
          ['Call three customers', 'Dig into the answers.'],
        ],
      ],
      [
        'Set the service standards',
        [
          ['Define response times', 'By channel.'],
          ['Write the tone guide', 'How we sound.'],
          [`Set the target`, c.target],
        ],
      ],
      [
        'Create templates for common answers',
        [
          ['List the top 10 questions', 'From email and calls.'],
          ['Write clear answers', 'Short and friendly.'],
          ['Load them into the help desk', 'Saved replies.'],
        ],
      ],
      [
        'Improve the first 30 days',
        [
          ['Send a welcome message', 'What happens next.'],
          ['Schedule a check-in at day 7', 'Catch problems early.'],
          ['Share a quick win', `Show value of ${c.offer} fast.`],
        ],
      ],
      [
        'Launch the review and referral requests',
        [
          ['Pick the right moment to ask', 'Right after a success.'],
          ['Make leaving a review one click', 'Direct link.'],
          ['Thank and reward referrers', 'A small, personal gift.'],
        ],
      ],
      [
        'Train the team on the standards',
        [
          ['Walk through the journey map', 'Everyone sees the whole.'],
          ['Role-play difficult cases', 'Refunds, delays, complaints.'],
          ['Share the weekly satisfaction score', 'Celebrate improvements.'],
        ],
      ],
      [
        c.sop ? 'Write the customer service SOP' : 'Track satisfaction and repeat purchases',
        c.sop
          ? [
              ['Document each support scenario', 'Steps and templates.'],
              ['Define escalation rules', 'Who decides what.'],
              ['Review the SOP quarterly', 'Add new scenarios.'],
            ]
          : [
              ['Review scores monthly', c.target],
              ['Fix the top complaint', 'One fix each month.'],
              ['Share customer stories', 'Use them in marketing.'],
            ],
      ],
    ],
  },
};

export type TaskDraft = [string, [string, string][]];

/**
 * A task of the sub-option itself, in place of the area's third task: two sub-options of one area then
 * get different plans, not only different words. Sub-options without one keep the area's task.
 */
export const SUB_OPTION_TASKS: Record<string, (c: PlanContext) => TaskDraft> = {
  'Social media marketing': (c) => [
    'Set up the social posting system',
    [
      ['Pick two platforms to own', `Where ${c.profile.customers} already scroll: ${c.profile.channels}.`],
      ['Define four content pillars', `Each ties back to ${c.offer}.`],
      ['Batch and schedule two weeks of posts', 'One session, then a scheduler.'],
    ],
  ],
  'Email marketing': (c) => [
    'Build the email list and welcome sequence',
    [
      ['Add a sign-up form to every page', 'Offer one useful freebie.'],
      ['Write a three-email welcome series', `From the problem to ${c.offer}.`],
      ['Clean and segment the current list', 'Customers, leads, inactive.'],
    ],
  ],
  'Content marketing & SEO': (c) => [
    'Research keywords and plan the articles',
    [
      ['List the questions buyers search', `What ${c.profile.customers} type before buying.`],
      ['Pick ten keywords you can rank for', 'Low competition, clear intent.'],
      ['Outline the first four articles', 'One keyword each, one call to action.'],
    ],
  ],
  'Paid advertising': (c) => [
    'Launch a small test ad campaign',
    [
      ['Set a test budget and a cost-per-lead limit', c.target],
      ['Write three ad variations', `Each with one promise of ${c.offer}.`],
      ['Stop the losers after seven days', 'Move budget to the winner.'],
    ],
  ],
  'Referral & partnership programs': (c) => [
    'Design the referral offer and partner list',
    [
      ['Choose the referral reward', 'Simple, generous, easy to explain.'],
      ['List ten partner businesses', `They serve ${c.profile.customers} but do not compete.`],
      ['Write the introduction message', 'Short and personal.'],
    ],
  ],
  'Sales process & pipeline': (c) => [
    'Map the pipeline stages in the CRM',
    [
      ['Name five stages from lead to won', 'With the exit rule of each.'],
      ['Load every open deal', `Track them in ${c.profile.tools[0]}.`],
      ['Set a weekly pipeline review', '30 minutes, same time every week.'],
    ],
  ],
  'Pricing & offers': (c) => [
    'Redesign the price list and packages',
    [
      ['Compare three competitors’ prices', 'Note what each includes.'],
      ['Build good, better, best packages', `Around ${c.offer}.`],
      ['Test the new price on the next five proposals', 'Record the win rate.'],
    ],
  ],
  'Launching a new product or service': (c) => [
    'Validate the new offer with a pre-sale',
    [
      ['Write a one-page offer', 'Who, what, price, result.'],
      [`Pitch it to ten ${c.profile.customers}`, 'Ask for a deposit, not an opinion.'],
      ['Decide go or change', 'Three paying yeses means go.'],
    ],
  ],
  'Standard operating procedures': () => [
    'Write the first three SOPs',
    [
      ['Pick the three most repeated tasks', 'The ones that break when you are away.'],
      ['Record yourself doing each one', 'Screen video plus a checklist.'],
      ['Have someone else follow each SOP', 'Fix every step they ask about.'],
    ],
  ],
  'Automation & tools': (c) => [
    'Automate the three most repeated steps',
    [
      ['Time each manual step for a week', 'Find where the hours go.'],
      ['Connect the tools with an automation', `Zapier or Make with ${c.profile.tools.join(' and ')}.`],
      ['Test each automation with real data', 'Keep a manual fallback.'],
    ],
  ],
  'Client onboarding': (c) => [
    'Build the client onboarding checklist',
    [
      ['List every step from signed to started', 'Contract, payment, kickoff, access.'],
      ['Write the welcome packet', `What ${c.profile.customers} can expect and when.`],
      ['Set up the kickoff call agenda', 'Same agenda every time.'],
    ],
  ],
  'Inventory & supply chain': () => [
    'Set reorder points for key stock',
    [
      ['List the top 20 items by sales', 'They matter most.'],
      ['Set a minimum level for each', 'Lead time times weekly use.'],
      ['Agree backup suppliers for the top five', 'No single point of failure.'],
    ],
  ],
  'Hiring & recruiting': (c) => [
    'Write the role scorecard and job post',
    [
      ['Define the outcomes of the role', 'What success looks like at 90 days.'],
      ['Write the job post', `Speak to people who like working with ${c.profile.customers}.`],
      ['Post it on two job boards and your network', 'Ask for one referral from each contact.'],
    ],
  ],
  'Onboarding & training': () => [
    'Create the 30-day training plan',
    [
      ['List the skills for week one', 'What they must do alone.'],
      ['Record short training videos', 'One task per video.'],
      ['Schedule weekly check-ins', 'Questions, progress, next step.'],
    ],
  ],
  'Contractors & virtual assistants': (c) => [
    `Hire and brief ${c.profile.helper}`,
    [
      ['Write a paid trial task', 'Real work, two hours.'],
      ['Interview the best three', 'Judge the trial, not the résumé.'],
      ['Share access and the first SOPs', 'Password manager, not e-mail.'],
    ],
  ],
  'Budgeting & forecasting': () => [
    'Build the 12-month budget and forecast',
    [
      ['Copy last year’s actuals', 'Month by month.'],
      ['Set targets for revenue and each cost line', 'Realistic, then stretch.'],
      ['Forecast cash for 13 weeks', 'Update it every Friday.'],
    ],
  ],
  'Cash flow management': () => [
    'Speed up what customers owe you',
    [
      ['List every unpaid invoice by age', 'Oldest first.'],
      ['Send reminders at 7, 14 and 30 days', 'Automate them.'],
      ['Ask for deposits on new work', 'Half up front.'],
    ],
  ],
  'Reducing costs': () => [
    'Audit subscriptions and suppliers',
    [
      ['Export 90 days of spending', 'Bank and card statements.'],
      ['Cancel what nobody used last month', 'Subscriptions first.'],
      ['Renegotiate the three largest bills', 'Ask for a loyalty price.'],
    ],
  ],
  'Customer service': (c) => [
    'Set response-time standards and saved replies',
    [
      ['Decide the reply time per channel', `What ${c.profile.customers} expect.`],
      ['Write saved replies for the top questions', 'Friendly and short.'],
      ['Track replies late against the standard', 'Weekly.'],
    ],
  ],
  'Feedback & reviews': (c) => [
    'Run the review request campaign',
    [
      ['List happy customers from the last 90 days', `Recent ${c.profile.customers} first.`],
      ['Send a one-click review request', 'Right after a success.'],
      ['Answer every review within two days', 'Good and bad alike.'],
    ],
  ],
  'Loyalty & community': (c) => [
    'Launch the loyalty or member program',
    [
      ['Choose the reward that brings people back', `Something ${c.profile.customers} value.`],
      ['Invite the best customers first', 'Personal invitations.'],
      ['Host the first member event', 'Online or in person.'],
    ],
  ],
};
