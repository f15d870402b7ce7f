// Seed content for the project plan template library (Digital Project Planner).
// Each template's plan is uploaded as sections -> tasks -> subtasks; due_in_days counts from the project start.

export type TemplateCategory =
  | 'Training'
  | 'Planning & Tracking Templates'
  | 'Process Checklists/Templates'
  | 'Project Plan Templates';
export type TemplateLinkType = 'IMAGE_LINK' | 'TEMPLATE_LINK' | 'VIDEO_LINK' | 'SUPPORT_LINK';
interface SeedSubtask {
  name: string;
  description: string;
}
interface SeedTask {
  name: string;
  description: string;
  /** days from project start when due */
  due_in_days: number;
  subtasks: SeedSubtask[];
}
interface SeedSection {
  name: string;
  description: string;
  tasks: SeedTask[];
}
interface SeedTemplate {
  /** url slug, unique, kebab-case; also used as the image base name */
  slug: string;
  /** the uploaded file base name, e.g. 'Product-Launch-Plan' */
  name: string;
  /** display name shown on cards, 'Product Launch Plan' */
  product_name: string;
  category: TemplateCategory;
  active: boolean;
  free: boolean;
  /** one-time price in cents; 0 when free. Paid ones 1900..9700 */
  price_cents: number;
  /** plain text, 2-3 paragraphs separated by a blank line ("\n\n") */
  description: string;
  /** simple HTML: <p>, <h3>, <ul>/<li>, <strong> only */
  overview: string;
  links: { type: TemplateLinkType; link: string; link_text: string }[];
  plan: { sections: SeedSection[] };
}

export const SEED_TEMPLATES: SeedTemplate[] = [
  {
    slug: 'project-planning-made-easy-with-5-simple-principles',
    name: 'Project-Planning-Made-Easy-with-5-Simple-Principles',
    product_name: 'Project Planning Made Easy with 5 Simple Principles',
    category: 'Project Plan Templates',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A free, hands-on guide plan that teaches the five principles behind every project that actually ships: start ' +
      'with the end in mind, break the work down, sequence and schedule it, give every piece an owner, and review ' +
      'and adapt as you go.\n\n' +
      'Each principle is a section of the plan, and each task walks you through applying it to a real project of ' +
      'your own, so by the time you finish the guide you have a working plan rather than a page of notes.\n\n' +
      'Upload it to Asana, ClickUp or monday.com and work through it over four weeks, or keep it as a checklist for ' +
      'the next time a new idea lands on your desk.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Entrepreneurs, solo founders and small teams who have more ideas than finished projects and want a simple, ' +
      'repeatable way to plan.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Five sections, one per principle, with step-by-step tasks you apply to your own project</li>' +
      '<li>A goal statement, work breakdown and milestone schedule built as you go</li>' +
      '<li>An ownership map and a weekly review routine you can reuse on every project</li>' +
      '</ul>' +
      '<p><strong>5 sections, 16 tasks and 44 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A realistic, scheduled project plan with clear owners and a review habit that keeps it on track.</p>',
    links: [
      {
        type: 'IMAGE_LINK',
        link: 'project-planning-made-easy-with-5-simple-principles',
        link_text: 'Project Planning Made Easy with 5 Simple Principles cover',
      },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/project-planning-made-easy-with-5-simple-principles.xlsx',
        link_text: 'Project Planning Made Easy with 5 Simple Principles spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://vimeo.com/76979871', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Principle 1: Start with the End in Mind',
          description:
            'Define what done looks like before you plan a single task, so every later decision has a reference ' +
            'point.',
          tasks: [
            {
              name: 'Write a one-sentence project goal',
              description:
                'Capture the result you want in one sentence that names the outcome, the measure and the deadline. ' +
                'Keep it short enough to remember without looking.',
              due_in_days: 1,
              subtasks: [
                {
                  name: 'Describe the finished result',
                  description: 'Write down what will exist or be different when the project is complete.',
                },
                {
                  name: 'Add a measurable target',
                  description:
                    'Attach a number to the goal, such as revenue, sign-ups, pages published or clients signed.',
                },
                {
                  name: 'Set a realistic finish date',
                  description: 'Choose an end date that respects your existing client work and commitments.',
                },
              ],
            },
            {
              name: 'Define success criteria and scope',
              description:
                'List the three to five conditions that must be true for you to call the project a success, and what ' +
                'is deliberately out of scope.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'List must-have outcomes',
                  description: 'Note the conditions that have to be met for the project to count as done.',
                },
                {
                  name: 'Write an out-of-scope list',
                  description: 'Record the nice-to-haves you will not tackle this time so they stop creeping back in.',
                },
                {
                  name: 'Confirm scope with stakeholders',
                  description: 'Share the criteria with your partner, team or client and get a clear yes.',
                },
              ],
            },
            {
              name: 'Identify constraints and resources',
              description:
                'Note the budget, hours per week, tools and people you can realistically commit to this project.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Set the budget ceiling',
                  description: 'Decide the maximum you will spend, including software, contractors and ads.',
                },
                {
                  name: 'Block weekly hours',
                  description: 'Put recurring time blocks in your calendar for project work.',
                },
                {
                  name: 'List available helpers',
                  description: 'Write down the team members, freelancers or partners you can call on.',
                },
              ],
            },
          ],
        },
        {
          name: 'Principle 2: Break the Work Down',
          description:
            'Turn the big goal into deliverables and then into tasks small enough to finish in a day or less.',
          tasks: [
            {
              name: 'List the major deliverables',
              description:
                'Brainstorm the tangible pieces the project must produce, such as a sales page, an email sequence or ' +
                'a trained new hire.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Brain-dump every deliverable',
                  description: 'Write every output you can think of on sticky notes or a blank list without filtering.',
                },
                {
                  name: 'Group related deliverables',
                  description: 'Cluster the items into four to six phases or workstreams.',
                },
                {
                  name: 'Remove anything off-goal',
                  description: 'Cross out any deliverable that does not serve the goal you wrote in Principle 1.',
                },
              ],
            },
            {
              name: 'Break deliverables into tasks',
              description:
                'For each deliverable, list the concrete actions needed to complete it, starting each one with a ' +
                'verb.',
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Split work into half-day chunks',
                  description: 'Keep splitting any task you cannot finish in about four hours.',
                },
                {
                  name: 'Write tasks as actions',
                  description: "Phrase each task as a verb plus an object, like 'Draft welcome email'.",
                },
                {
                  name: 'Capture checklist items as subtasks',
                  description: 'Move the small repeatable steps under their parent task.',
                },
              ],
            },
            {
              name: 'Estimate effort for each task',
              description:
                'Give every task a rough time estimate so you can check the plan fits in your available hours.',
              due_in_days: 8,
              subtasks: [
                { name: 'Estimate in hours', description: 'Assign a best-guess number of hours to each task.' },
                {
                  name: 'Add a buffer',
                  description: 'Add 20 percent to the total to cover surprises, reviews and rework.',
                },
                {
                  name: 'Compare effort to capacity',
                  description: 'Check the total hours against the weekly time you blocked in Principle 1.',
                },
              ],
            },
          ],
        },
        {
          name: 'Principle 3: Sequence and Schedule',
          description: 'Put the tasks in a sensible order, respect dependencies and set dates you can actually keep.',
          tasks: [
            {
              name: 'Map task dependencies',
              description:
                'Identify which tasks must finish before others can start so the plan flows in the right order.',
              due_in_days: 10,
              subtasks: [
                { name: 'Mark blocking tasks', description: 'Flag every task that another task is waiting on.' },
                {
                  name: 'Find the critical path',
                  description: 'Trace the longest chain of dependent tasks from start to finish.',
                },
              ],
            },
            {
              name: 'Set milestones',
              description: 'Choose three to five checkpoints that show visible progress toward the goal.',
              due_in_days: 11,
              subtasks: [
                {
                  name: 'Pick milestone moments',
                  description: "Mark points such as 'offer drafted', 'page live' or 'first sale'.",
                },
                {
                  name: 'Date each milestone',
                  description: 'Work backwards from the finish date to place each checkpoint.',
                },
                {
                  name: 'Share the milestones',
                  description: 'Post the milestone dates where your team or accountability partner can see them.',
                },
              ],
            },
            {
              name: 'Assign due dates to every task',
              description: 'Give each task a due date that fits its dependencies and your weekly capacity.',
              due_in_days: 12,
              subtasks: [
                {
                  name: 'Schedule the critical path first',
                  description: 'Date the tasks on the critical path before anything else.',
                },
                { name: 'Level the workload', description: 'Move flexible tasks so no single week is overloaded.' },
                {
                  name: 'Load the dates into your tool',
                  description: 'Upload the plan into Asana, ClickUp or monday.com so due dates trigger reminders.',
                },
              ],
            },
          ],
        },
        {
          name: 'Principle 4: Assign Ownership',
          description: 'Make sure every task has exactly one person accountable for getting it done.',
          tasks: [
            {
              name: 'Choose an owner for every task',
              description: 'Put a single name against each task, even when several people help with it.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'Assign owners by strength',
                  description: 'Match tasks to the people best placed to finish them quickly and well.',
                },
                {
                  name: 'Flag unowned tasks',
                  description: 'Highlight any task without an owner and resolve it before work begins.',
                },
              ],
            },
            {
              name: 'Delegate or outsource the gaps',
              description:
                'Decide which tasks you should not do yourself and hand them to a team member or freelancer.',
              due_in_days: 16,
              subtasks: [
                {
                  name: 'List tasks to delegate',
                  description: 'Pick the tasks that are low value for your time or outside your skill set.',
                },
                {
                  name: 'Write clear handoff briefs',
                  description:
                    'Describe the outcome, deadline, resources and definition of done for each handed-off task.',
                },
                {
                  name: 'Book the freelancer or helper',
                  description: 'Confirm availability, price and start date with the person taking the work.',
                },
              ],
            },
            {
              name: 'Agree communication rules',
              description: 'Set how and when owners report progress, ask questions and raise blockers.',
              due_in_days: 17,
              subtasks: [
                {
                  name: 'Pick a single update channel',
                  description: 'Choose where updates live, such as task comments rather than scattered emails.',
                },
                {
                  name: 'Set an update rhythm',
                  description: 'Agree a weekly update day and a same-day rule for raising blockers.',
                },
              ],
            },
          ],
        },
        {
          name: 'Principle 5: Review and Adapt',
          description: 'Check progress on a fixed rhythm and adjust the plan instead of abandoning it.',
          tasks: [
            {
              name: 'Schedule a weekly plan review',
              description: 'Hold a 30-minute review each week to compare what was planned with what actually happened.',
              due_in_days: 21,
              subtasks: [
                {
                  name: 'Book a recurring review slot',
                  description: 'Put a 30-minute review in the calendar on the same day every week.',
                },
                {
                  name: 'Prepare a review checklist',
                  description:
                    'List the four questions: what got done, what slipped, what is next and what is blocked.',
                },
              ],
            },
            {
              name: 'Track progress against milestones',
              description: 'Compare completed work with your milestone dates and spot slippage early.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Update task statuses',
                  description: 'Mark tasks as done, in progress or blocked before each review.',
                },
                {
                  name: 'Measure milestone progress',
                  description: 'Calculate the percentage of tasks finished for the next milestone.',
                },
                {
                  name: 'Note the causes of slippage',
                  description: 'Write down why anything slipped so you fix the cause, not just the date.',
                },
              ],
            },
            {
              name: 'Adjust the plan and reprioritise',
              description: 'Change dates, scope or owners based on what the weekly reviews tell you.',
              due_in_days: 27,
              subtasks: [
                { name: 'Cut or defer low-value tasks', description: 'Remove tasks that no longer serve the goal.' },
                {
                  name: 'Reschedule slipped work',
                  description: 'Move late tasks to realistic new dates and update the tasks that depend on them.',
                },
                { name: 'Communicate the changes', description: 'Tell owners and stakeholders what changed and why.' },
              ],
            },
            {
              name: 'Run a project retrospective',
              description: 'When the project ends, capture what worked and what to change next time.',
              due_in_days: 30,
              subtasks: [
                {
                  name: 'Compare results with the goal',
                  description: 'Check the final outcome against the measurable target you set at the start.',
                },
                {
                  name: 'Record lessons learned',
                  description: 'Write down three things to keep and three things to change.',
                },
                {
                  name: 'Save the plan as a template',
                  description: 'Store the finished plan so the next similar project starts from it.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'product-launch-plan',
    name: 'Product-Launch-Plan',
    product_name: 'Product Launch Plan',
    category: 'Project Plan Templates',
    active: true,
    free: false,
    price_cents: 4900,
    description:
      'A complete launch plan for a new product, program or service, from validating demand to the post-launch ' +
      'review. It is sequenced over eight weeks so you build the audience, assets and systems before opening the ' +
      'cart, not the night before.\n\n' +
      'Every task has a clear deliverable and due date, and the subtasks cover the details that usually get ' +
      'forgotten, like testing the checkout on mobile or giving affiliates their swipe copy on time.\n\n' +
      'Upload it to Asana, ClickUp or monday.com, set your start date and your team has a ready-to-run launch ' +
      'calendar in minutes.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Course creators, coaches, product makers and service businesses launching a new offer to an existing ' +
      'audience or a warm list.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>An eight-week launch timeline split into validation, build, warm-up, launch week and review</li>' +
      '<li>Task lists for messaging, the sales page, email sequences, checkout and daily promotion</li>' +
      '<li>A post-launch review section with the metrics to capture</li>' +
      '</ul>' +
      '<p><strong>5 sections, 17 tasks and 45 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A launch that opens on time with every asset tested, a clear promotion calendar and the data to make the ' +
      'next launch better.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'product-launch-plan', link_text: 'Product Launch Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/product-launch-plan.xlsx',
        link_text: 'Product Launch Plan spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://vimeo.com/22439234', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Validate and Position',
          description: 'Confirm there is demand and define exactly who the product is for and why they should buy now.',
          tasks: [
            {
              name: 'Define the target customer',
              description:
                'Write a short customer profile describing the buyer, their problem and what they have already tried.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Interview five past customers',
                  description: 'Ask about their biggest frustration with the problem your product solves.',
                },
                {
                  name: 'Write the customer profile',
                  description: 'Summarise goals, objections and buying triggers on a single page.',
                },
              ],
            },
            {
              name: 'Validate demand',
              description: 'Test interest before building everything by collecting waitlist sign-ups or pre-orders.',
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Publish a waitlist page',
                  description: 'Create a simple page with the promise, a short description and an email form.',
                },
                {
                  name: 'Announce to your audience',
                  description: 'Share the waitlist in one email and two social posts.',
                },
                {
                  name: 'Set a validation threshold',
                  description: 'Decide the number of sign-ups or pre-orders that justifies a full launch.',
                },
              ],
            },
            {
              name: 'Set the price and launch offer',
              description: 'Choose the price, payment plan and any launch-only bonus or deadline.',
              due_in_days: 9,
              subtasks: [
                {
                  name: 'Research competitor pricing',
                  description: 'List what three comparable products charge and what they include.',
                },
                {
                  name: 'Choose the launch bonus',
                  description: 'Pick a bonus that is valuable to buyers and cheap to deliver, such as a live Q&A.',
                },
                { name: 'Set the cart-close deadline', description: 'Decide the date and time the launch offer ends.' },
              ],
            },
            {
              name: 'Write the core messaging',
              description:
                'Draft the headline promise, key benefits and objection answers that every launch asset will reuse.',
              due_in_days: 12,
              subtasks: [
                {
                  name: 'Draft the headline promise',
                  description: 'Write three versions of the main promise and pick the clearest one.',
                },
                {
                  name: 'Turn features into benefits',
                  description: 'Rewrite each feature as a specific benefit for the customer.',
                },
                {
                  name: 'Answer the top objections',
                  description: 'Write short replies to the five objections you hear most often.',
                },
              ],
            },
          ],
        },
        {
          name: 'Build Launch Assets',
          description: 'Create the sales page, emails, content and checkout needed to sell.',
          tasks: [
            {
              name: 'Build the sales page',
              description: 'Write and design the page that explains the offer and takes payment.',
              due_in_days: 20,
              subtasks: [
                {
                  name: 'Write the sales page copy',
                  description:
                    'Use the core messaging to draft the headline, story, offer, bonuses, FAQ and guarantee.',
                },
                {
                  name: 'Design and build the page',
                  description: 'Lay out the copy with clear buttons and mobile-friendly sections.',
                },
                {
                  name: 'Add testimonials and proof',
                  description: 'Include at least three quotes, results or short case studies.',
                },
              ],
            },
            {
              name: 'Set up checkout and delivery',
              description: 'Connect payment, order confirmation and product access so buyers get in instantly.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Create the product in your checkout tool',
                  description: 'Add the price, payment plan and tax settings.',
                },
                {
                  name: 'Connect product access',
                  description: 'Link each purchase to course, download or onboarding access automatically.',
                },
                {
                  name: 'Run test purchases',
                  description: 'Buy with a test card on desktop and mobile and confirm every email arrives.',
                },
              ],
            },
            {
              name: 'Write the launch email sequence',
              description: 'Draft the warm-up, open-cart and closing emails in the order they will be sent.',
              due_in_days: 27,
              subtasks: [
                {
                  name: 'Draft the warm-up emails',
                  description: 'Write three value emails that lead into the problem the product solves.',
                },
                {
                  name: 'Draft the open-cart emails',
                  description: 'Write the announcement, FAQ, case study and bonus reminder emails.',
                },
                { name: 'Draft the closing emails', description: 'Write the 24-hour and final-hours reminders.' },
                {
                  name: 'Schedule and test the sequence',
                  description: 'Load the emails into your email tool and send yourself test copies.',
                },
              ],
            },
            {
              name: 'Create promotional content',
              description: 'Prepare the social posts, graphics and short videos that drive traffic during the launch.',
              due_in_days: 30,
              subtasks: [
                {
                  name: 'Plan the promotion calendar',
                  description: 'Map each post to a launch day and a key message.',
                },
                {
                  name: 'Design the post graphics',
                  description: 'Create branded images in the right sizes for each platform.',
                },
                {
                  name: 'Record short videos',
                  description: 'Film three to five short clips answering common buyer questions.',
                },
              ],
            },
          ],
        },
        {
          name: 'Pre-Launch Warm-Up',
          description: 'Build anticipation and grow the waitlist in the two weeks before the cart opens.',
          tasks: [
            {
              name: 'Run a pre-launch content series',
              description: 'Publish educational content that highlights the problem and hints at the solution.',
              due_in_days: 38,
              subtasks: [
                {
                  name: 'Publish three value posts',
                  description: 'Share tips or stories that lead naturally into the product.',
                },
                {
                  name: 'Host a free live session',
                  description: 'Teach one useful idea and invite attendees to join the waitlist.',
                },
              ],
            },
            {
              name: 'Brief partners and affiliates',
              description: 'Give partners everything they need to promote on the right dates.',
              due_in_days: 40,
              subtasks: [
                {
                  name: 'Send the partner brief',
                  description: 'Share launch dates, commission, tracking links and key messages.',
                },
                {
                  name: 'Provide swipe copy',
                  description: 'Supply ready-made emails and posts that partners can edit and send.',
                },
              ],
            },
            {
              name: 'Complete the launch readiness check',
              description: 'Walk through every asset and system the day before the cart opens.',
              due_in_days: 42,
              subtasks: [
                {
                  name: 'Click every link',
                  description: 'Test the buttons in emails, pages and posts to confirm they land in the right place.',
                },
                {
                  name: 'Check the automations',
                  description: 'Confirm tags, sequences and access rules fire on a test purchase.',
                },
                {
                  name: 'Prepare support replies',
                  description: 'Write saved replies for payment, access and refund questions.',
                },
              ],
            },
          ],
        },
        {
          name: 'Launch Week',
          description: 'Open the cart, promote every day and answer questions quickly.',
          tasks: [
            {
              name: 'Open the cart',
              description: 'Publish the sales page and send the announcement email at the planned time.',
              due_in_days: 43,
              subtasks: [
                {
                  name: 'Switch the page live',
                  description: 'Publish the sales page and remove the waitlist redirect.',
                },
                {
                  name: 'Send the announcement',
                  description: 'Send the open-cart email and post the news on every channel.',
                },
              ],
            },
            {
              name: 'Promote daily',
              description: 'Run the planned content, emails and live sessions on each day the cart is open.',
              due_in_days: 47,
              subtasks: [
                {
                  name: 'Host a live Q&A',
                  description: 'Answer buyer questions live and share the offer link at the end.',
                },
                { name: 'Share social proof', description: 'Post new buyer wins and testimonials as they come in.' },
                {
                  name: 'Monitor daily sales',
                  description: 'Track page visits, conversion rate and sales every morning.',
                },
              ],
            },
            {
              name: 'Close the cart',
              description: 'End the launch offer on time and follow through on the deadline you announced.',
              due_in_days: 50,
              subtasks: [
                { name: 'Send the final reminders', description: 'Send the closing emails and a last social post.' },
                {
                  name: 'Remove the launch offer',
                  description: 'Take down the bonuses or close the cart exactly when announced.',
                },
                {
                  name: 'Welcome new customers',
                  description: 'Send a personal welcome and clear next steps to every buyer.',
                },
              ],
            },
          ],
        },
        {
          name: 'Post-Launch Review',
          description: 'Capture the results and lessons so the next launch performs better.',
          tasks: [
            {
              name: 'Collect launch metrics',
              description: 'Gather the numbers from every stage of the funnel in one place.',
              due_in_days: 54,
              subtasks: [
                {
                  name: 'Export sales and revenue',
                  description: 'Record units sold, revenue, refunds and average order value.',
                },
                {
                  name: 'Record funnel conversion rates',
                  description: 'Note waitlist size, email open rates, page visits and checkout conversion.',
                },
              ],
            },
            {
              name: 'Gather customer feedback',
              description: 'Ask buyers and non-buyers what influenced their decision.',
              due_in_days: 57,
              subtasks: [
                { name: 'Survey buyers', description: 'Ask what convinced them to buy and what almost stopped them.' },
                {
                  name: 'Survey non-buyers',
                  description: 'Ask the waitlist what held them back from buying this time.',
                },
              ],
            },
            {
              name: 'Hold the launch debrief',
              description: 'Meet with the team to agree what to keep, change and drop next time.',
              due_in_days: 60,
              subtasks: [
                { name: 'Review what worked', description: 'List the assets and channels that drove the most sales.' },
                {
                  name: 'Document the improvements',
                  description: 'Write the agreed changes into this template for the next launch.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: '90-day-business-plan',
    name: '90-Day-Business-Plan',
    product_name: '90-Day Business Plan',
    category: 'Project Plan Templates',
    active: true,
    free: false,
    price_cents: 9700,
    description:
      'A structured 90-day plan that turns your big yearly ambition into one focused quarter of execution. It starts ' +
      'with a one-week planning sprint, then runs three 30-day blocks, each with its own priorities, milestones and ' +
      'review.\n\n' +
      'Instead of a long list of goals, the plan makes you pick three priorities, set measurable targets and ' +
      'schedule the work week by week, so you can see progress by day 30 rather than hoping for it by day 90.\n\n' +
      'It works for any small business: use it to grow revenue, launch something new, fix operations, or balance all ' +
      'three.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Business owners and small teams who want a focused quarter with measurable results instead of a long list ' +
      'of half-started goals.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>A one-week planning sprint to choose three priorities and set targets</li>' +
      '<li>Three 30-day execution blocks with milestones and a review at the end of each</li>' +
      '<li>A quarter-end review and next-quarter planning section</li>' +
      '</ul>' +
      '<p><strong>4 sections, 16 tasks and 33 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>Three priorities finished or measurably advanced, a scorecard you updated every week, and a clear starting ' +
      'point for the next quarter.</p>',
    links: [
      { type: 'IMAGE_LINK', link: '90-day-business-plan', link_text: '90-Day Business Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/90-day-business-plan.xlsx',
        link_text: '90-Day Business Plan spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://player.vimeo.com/video/76979871', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Planning Sprint',
          description: 'Spend the first week choosing priorities, setting targets and building the schedule.',
          tasks: [
            {
              name: 'Review the last 90 days',
              description: 'Look back at results, wins and misses before setting new goals.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Pull the key numbers',
                  description: 'Gather revenue, leads, new clients and cash position for the last quarter.',
                },
                {
                  name: 'List wins and misses',
                  description: 'Write the top three wins and the top three things that did not go to plan.',
                },
              ],
            },
            {
              name: 'Choose three quarterly priorities',
              description:
                'Pick the three outcomes that would make the biggest difference to the business this quarter.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Brainstorm possible priorities',
                  description: 'List every goal currently competing for your attention.',
                },
                {
                  name: 'Score by impact and effort',
                  description: 'Rate each option from 1 to 5 on impact and on effort.',
                },
                { name: 'Commit to three', description: 'Pick the top three and move the rest to a parking-lot list.' },
              ],
            },
            {
              name: 'Set measurable targets',
              description: 'Turn each priority into a target with a number and a date.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Define one metric per priority',
                  description: 'Pick the clearest measure of success, such as revenue, leads or hours saved.',
                },
                { name: 'Set 30, 60 and 90-day targets', description: 'Break each target into monthly checkpoints.' },
              ],
            },
            {
              name: 'Build the weekly scorecard',
              description: 'Create a simple scorecard of five to eight numbers you will update every week.',
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Choose leading indicators',
                  description: 'Pick activity numbers that predict results, such as sales calls booked.',
                },
                {
                  name: 'Set up the scorecard sheet',
                  description: 'Create a spreadsheet with a column per week and a row per metric.',
                },
              ],
            },
          ],
        },
        {
          name: 'Days 1-30: Foundations',
          description: 'Build the systems and early wins that the rest of the quarter depends on.',
          tasks: [
            {
              name: 'Break priorities into projects',
              description: 'List the projects and key tasks needed for each priority in month one.',
              due_in_days: 10,
              subtasks: [
                {
                  name: 'List the month-one projects',
                  description: 'Write down the projects that must start in the first month.',
                },
                { name: 'Assign owners and dates', description: 'Give every project one owner and a due date.' },
              ],
            },
            {
              name: 'Clear capacity for the plan',
              description: 'Remove or delegate low-value work so you have time for the priorities.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'Audit your calendar',
                  description: 'Identify recurring meetings and tasks that can be cut or shortened.',
                },
                {
                  name: 'Delegate two recurring tasks',
                  description: 'Hand off two routine tasks to a team member or virtual assistant.',
                },
              ],
            },
            {
              name: 'Deliver the first quick wins',
              description: 'Finish one visible result in each priority to build momentum.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Pick a quick win per priority',
                  description: 'Choose a task in each priority that can be finished within two weeks.',
                },
                {
                  name: 'Share the results',
                  description: 'Tell your team or accountability partner what was achieved.',
                },
              ],
            },
            {
              name: 'Hold the day-30 review',
              description: 'Compare results to the 30-day targets and adjust the plan.',
              due_in_days: 30,
              subtasks: [
                {
                  name: 'Update the scorecard',
                  description: "Fill in the month's numbers and compare them to target.",
                },
                {
                  name: 'Adjust the month-two plan',
                  description: 'Reschedule or rescope tasks based on what you learned.',
                },
              ],
            },
          ],
        },
        {
          name: 'Days 31-60: Momentum',
          description: 'Scale what is working and fix what is not.',
          tasks: [
            {
              name: 'Double down on what works',
              description: 'Put more time or budget into the activities that are driving the best results.',
              due_in_days: 38,
              subtasks: [
                {
                  name: 'Rank month-one activities',
                  description: 'Rank each activity by results achieved per hour invested.',
                },
                {
                  name: 'Reallocate time and budget',
                  description: 'Move resources from the weakest activities to the strongest.',
                },
              ],
            },
            {
              name: 'Systemise repeat work',
              description: 'Document and automate the tasks you now repeat for the priorities.',
              due_in_days: 45,
              subtasks: [
                { name: 'Write two key SOPs', description: 'Document the steps of the two most repeated processes.' },
                {
                  name: 'Automate one workflow',
                  description: 'Set up an automation for a repetitive step, such as lead follow-up.',
                },
              ],
            },
            {
              name: 'Fix the biggest bottleneck',
              description: 'Find the step slowing each priority down and remove it.',
              due_in_days: 52,
              subtasks: [
                {
                  name: 'Identify the bottleneck',
                  description: 'Look for where work waits longest or where quality suffers.',
                },
                { name: 'Test a fix', description: 'Try one change for two weeks and measure its effect.' },
              ],
            },
            {
              name: 'Hold the day-60 review',
              description: 'Check progress against the 60-day targets and decide what to finish and what to drop.',
              due_in_days: 60,
              subtasks: [
                {
                  name: 'Rate each target',
                  description: 'Record the numbers and mark each target green, amber or red.',
                },
                {
                  name: 'Decide on red targets',
                  description: 'Choose to recover, rescope or drop each target that is off track.',
                },
              ],
            },
          ],
        },
        {
          name: 'Days 61-90: Finish Strong',
          description: 'Complete the priority projects and lock in the results.',
          tasks: [
            {
              name: 'Complete the remaining projects',
              description: 'Focus the team on finishing rather than starting for the final weeks.',
              due_in_days: 75,
              subtasks: [
                {
                  name: 'Freeze new initiatives',
                  description: 'Park any new ideas on the parking-lot list until the quarter ends.',
                },
                {
                  name: 'Run a finishing sprint',
                  description: 'Dedicate two focused weeks to completing open projects.',
                },
              ],
            },
            {
              name: 'Lock in the gains',
              description: 'Make sure new results keep going after the quarter ends.',
              due_in_days: 82,
              subtasks: [
                { name: 'Hand over ongoing work', description: 'Assign owners for anything that has become routine.' },
                {
                  name: 'Update the documentation',
                  description: 'Make sure the SOPs reflect how the work is now done.',
                },
              ],
            },
            {
              name: 'Run the quarter-end review',
              description: 'Measure results against the 90-day targets and capture lessons.',
              due_in_days: 88,
              subtasks: [
                { name: 'Score each priority', description: 'Compare the final numbers with each 90-day target.' },
                { name: 'Capture lessons learned', description: 'Note what helped and what got in the way.' },
              ],
            },
            {
              name: "Draft next quarter's priorities",
              description: 'Use the review to choose the starting priorities for the next 90 days.',
              due_in_days: 90,
              subtasks: [
                {
                  name: 'Shortlist the next priorities',
                  description: "List candidates based on this quarter's results and the parking-lot list.",
                },
                {
                  name: 'Book the next planning sprint',
                  description: 'Schedule the first week of next quarter for planning.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'offer-creation-plan',
    name: 'Offer-Creation-Plan',
    product_name: 'Offer Creation Plan',
    category: 'Project Plan Templates',
    active: true,
    free: false,
    price_cents: 3900,
    description:
      'A step-by-step plan for designing, validating and selling a new offer, whether it is a coaching package, a ' +
      'productised service, a course or a membership. It takes you from customer research to a tested sales process ' +
      'in about six weeks.\n\n' +
      'The plan keeps you honest about demand: you write the promise, test it in real conversations and pre-sell ' +
      'before you invest in building the full delivery.\n\n' +
      'By the end you have a clearly named offer, a price you can defend, a simple offer page and a delivery outline ' +
      'ready for your first clients.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Coaches, consultants, freelancers and service providers creating a new paid offer or repackaging an ' +
      'existing service.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Research and positioning tasks to find a problem people will pay to solve</li>' +
      '<li>Offer design, pricing, naming and pre-sale steps</li>' +
      '<li>A delivery outline and onboarding setup for the first clients</li>' +
      '</ul>' +
      '<p><strong>4 sections, 13 tasks and 29 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A validated, priced offer with its first paying clients and a delivery plan you can repeat.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'offer-creation-plan', link_text: 'Offer Creation Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/offer-creation-plan.xlsx',
        link_text: 'Offer Creation Plan spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://vimeo.com/59777392', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Research the Problem',
          description: 'Find a painful, specific problem your audience will pay to solve.',
          tasks: [
            {
              name: 'Interview ideal clients',
              description: 'Hold short calls with people in your target market to learn their goals and frustrations.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Recruit interviewees',
                  description: 'Invite eight to ten people from your list or network to a 20-minute call.',
                },
                {
                  name: 'Prepare interview questions',
                  description: 'Write open questions about their goals, obstacles and past purchases.',
                },
                {
                  name: 'Record their exact words',
                  description: 'Note the phrases people use to describe their problem in their own words.',
                },
              ],
            },
            {
              name: 'Analyse competing offers',
              description: 'Study what your audience already buys and where those offers fall short.',
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Review five competing offers',
                  description: 'Note the price, format, promise and reviews of each one.',
                },
                {
                  name: 'Spot the gaps',
                  description: 'Identify what clients complain is missing from the existing options.',
                },
              ],
            },
            {
              name: 'Choose the core problem',
              description: 'Pick the one problem and outcome your offer will focus on.',
              due_in_days: 9,
              subtasks: [
                {
                  name: 'Rank problems by urgency',
                  description: 'Score each problem by how painful and urgent it is for the client.',
                },
                {
                  name: 'Write the problem statement',
                  description: "Describe the chosen problem in the client's own words.",
                },
              ],
            },
          ],
        },
        {
          name: 'Design the Offer',
          description: 'Shape the promise, format, deliverables, price and name.',
          tasks: [
            {
              name: 'Write the offer promise',
              description: 'Describe the specific transformation the client gets and the timeframe.',
              due_in_days: 12,
              subtasks: [
                {
                  name: 'Draft the promise',
                  description: "Complete the sentence 'I help [who] achieve [result] in [time] without [pain]'.",
                },
                {
                  name: 'Test the promise',
                  description: 'Read it to three ideal clients and refine anything that confuses them.',
                },
              ],
            },
            {
              name: 'Define format and deliverables',
              description:
                'Decide how the offer is delivered: sessions, modules, templates, community or done-for-you work.',
              due_in_days: 15,
              subtasks: [
                {
                  name: 'Choose the delivery format',
                  description: 'Pick one-to-one, group, self-paced or done-for-you delivery.',
                },
                {
                  name: 'List the deliverables',
                  description: 'Write down every session, resource and support channel the client receives.',
                },
                {
                  name: 'Estimate delivery hours',
                  description: 'Calculate the hours you will spend delivering the offer to each client.',
                },
              ],
            },
            {
              name: 'Set the price',
              description:
                'Price the offer based on the value of the result, your delivery cost and your market position.',
              due_in_days: 17,
              subtasks: [
                {
                  name: 'Calculate the delivery cost',
                  description: 'Add up your time, tools and contractor costs per client.',
                },
                {
                  name: 'Choose the price and payment plan',
                  description: 'Set a pay-in-full price and an optional instalment plan.',
                },
              ],
            },
            {
              name: 'Name the offer',
              description: 'Give the offer a clear, memorable name that hints at the result.',
              due_in_days: 18,
              subtasks: [
                { name: 'Brainstorm ten names', description: 'List names that describe the outcome or your method.' },
                {
                  name: 'Check the name is free',
                  description: 'Make sure the name and domain are not already used by a competitor.',
                },
              ],
            },
          ],
        },
        {
          name: 'Pre-Sell and Validate',
          description: 'Sell the offer to real clients before building it in full.',
          tasks: [
            {
              name: 'Build a simple offer page',
              description: 'Create a one-page description with the promise, deliverables, price and a call to action.',
              due_in_days: 22,
              subtasks: [
                {
                  name: 'Write the page copy',
                  description: 'Cover the problem, promise, what is included, price and FAQ.',
                },
                {
                  name: 'Add a booking or payment link',
                  description: 'Connect a call booking link or a checkout button.',
                },
              ],
            },
            {
              name: 'Run sales conversations',
              description: 'Invite interested people to discovery calls and make the offer.',
              due_in_days: 30,
              subtasks: [
                {
                  name: 'Send personal invitations',
                  description: 'Message twenty warm contacts who fit the ideal client profile.',
                },
                {
                  name: 'Hold discovery calls',
                  description: 'Use a consistent call script and write down every objection.',
                },
                {
                  name: 'Follow up within 48 hours',
                  description: 'Send a recap and payment link to everyone who showed interest.',
                },
              ],
            },
            {
              name: 'Decide to build or refine',
              description: 'Review the pre-sale results against your validation target and decide the next step.',
              due_in_days: 32,
              subtasks: [
                {
                  name: 'Compare results to the target',
                  description: 'Check the number of paying clients against the goal you set.',
                },
                {
                  name: 'Refine the offer',
                  description: 'Adjust the promise, price or format based on the objections you heard.',
                },
              ],
            },
          ],
        },
        {
          name: 'Prepare Delivery',
          description: 'Build what the first clients need just ahead of when they need it.',
          tasks: [
            {
              name: 'Create the client onboarding flow',
              description: 'Set up the welcome email, intake form and kick-off call booking.',
              due_in_days: 36,
              subtasks: [
                {
                  name: 'Write the welcome email',
                  description: 'Explain the next steps, schedule and how to get support.',
                },
                {
                  name: 'Build the intake form',
                  description: 'Ask for the goals, context and access details you need to start.',
                },
              ],
            },
            {
              name: 'Outline the delivery curriculum',
              description: 'Plan session by session or module by module what clients will do and achieve.',
              due_in_days: 40,
              subtasks: [
                {
                  name: 'Map the client journey',
                  description: 'List each milestone the client reaches on the way to the result.',
                },
                {
                  name: 'Draft the session outlines',
                  description: 'Write the objective and exercises for each session or module.',
                },
              ],
            },
            {
              name: 'Set up feedback and testimonials',
              description: 'Plan how you will measure client results and collect testimonials.',
              due_in_days: 45,
              subtasks: [
                {
                  name: 'Create a mid-point check-in',
                  description: 'Schedule a short feedback survey halfway through delivery.',
                },
                {
                  name: 'Plan the testimonial request',
                  description: 'Prepare questions that capture specific before-and-after results.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'podcast-launch-plan',
    name: 'Podcast-Launch-Plan',
    product_name: 'Podcast Launch Plan',
    category: 'Project Plan Templates',
    active: false,
    free: false,
    price_cents: 2900,
    description:
      'Everything you need to launch a business podcast that supports your brand and brings in leads: concept, ' +
      'equipment, recording workflow, launch episodes and promotion.\n\n' +
      'The plan front-loads the decisions that are hard to change later, like the show format and name, then batches ' +
      'the first episodes so you launch with a backlog and can keep a steady release schedule.\n\n' +
      'It is designed as a 60-day project for one host working with a part-time editor or assistant.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Coaches, consultants and founders who want to start a podcast to build authority and generate leads.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Show concept, format and branding tasks</li>' +
      '<li>Equipment, hosting, recording and editing workflow setup</li>' +
      '<li>A launch plan with three episodes on day one and a promotion checklist</li>' +
      '</ul>' +
      '<p><strong>4 sections, 13 tasks and 30 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A live podcast on the major directories with a repeatable production workflow and a backlog of ' +
      'episodes.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'podcast-launch-plan', link_text: 'Podcast Launch Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/podcast-launch-plan.xlsx',
        link_text: 'Podcast Launch Plan spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Define the Show',
          description: 'Decide who the show is for, what it covers and how it sounds.',
          tasks: [
            {
              name: 'Define the audience and show promise',
              description: 'Describe the listener and what they get from every episode.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Describe the ideal listener',
                  description: 'Write down their role, their problems and the shows they already listen to.',
                },
                { name: 'Write the show promise', description: 'Summarise the value of the show in one sentence.' },
              ],
            },
            {
              name: 'Choose format and length',
              description: 'Decide between solo, interview or co-hosted episodes and the typical episode length.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Pick the episode format',
                  description: 'Choose solo, interview or a mix based on your strengths and topic.',
                },
                {
                  name: 'Set length and frequency',
                  description: 'Commit to an episode length and a weekly or fortnightly release day.',
                },
              ],
            },
            {
              name: 'Name and brand the show',
              description: 'Pick a name, create the cover art and write the show description.',
              due_in_days: 9,
              subtasks: [
                {
                  name: 'Shortlist show names',
                  description: 'Brainstorm names and check they are not already taken in the directories.',
                },
                {
                  name: 'Design the cover art',
                  description: 'Create a 3000 by 3000 pixel cover that reads clearly at thumbnail size.',
                },
                {
                  name: 'Write the show description',
                  description: 'Draft a keyword-rich description for the podcast directories.',
                },
              ],
            },
          ],
        },
        {
          name: 'Set Up Production',
          description: 'Get the equipment, hosting and workflow ready.',
          tasks: [
            {
              name: 'Buy and test equipment',
              description: 'Get a decent microphone, closed headphones and a quiet recording space.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'Buy a dynamic microphone',
                  description: 'Choose a USB or XLR dynamic microphone that suits untreated rooms.',
                },
                {
                  name: 'Treat the recording space',
                  description: 'Reduce echo with soft furnishings, curtains or acoustic panels.',
                },
                {
                  name: 'Record a test episode',
                  description: 'Record ten minutes and check the levels and background noise.',
                },
              ],
            },
            {
              name: 'Choose hosting and recording tools',
              description: 'Set up podcast hosting and software for recording remote interviews.',
              due_in_days: 16,
              subtasks: [
                {
                  name: 'Open a hosting account',
                  description: 'Sign up with a podcast host that distributes to the major directories.',
                },
                {
                  name: 'Set up remote recording',
                  description: 'Choose a tool that records each guest on a separate track.',
                },
              ],
            },
            {
              name: 'Create the production workflow',
              description: 'Define the steps from booking a guest to publishing an episode.',
              due_in_days: 20,
              subtasks: [
                {
                  name: 'Write the episode checklist',
                  description: 'List the prep, recording, editing, show notes and publishing steps.',
                },
                {
                  name: 'Brief the editor',
                  description: 'Share the checklist, intro and outro files and the expected turnaround time.',
                },
              ],
            },
          ],
        },
        {
          name: 'Produce Launch Episodes',
          description: 'Record and edit a batch of episodes before launch day.',
          tasks: [
            {
              name: 'Book the launch guests',
              description: 'Invite guests who appeal to your audience and will share their episode.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Build a guest shortlist',
                  description: 'List fifteen potential guests with their contact details.',
                },
                {
                  name: 'Send guest invitations',
                  description: 'Send personalised invitations with topic ideas and recording dates.',
                },
              ],
            },
            {
              name: 'Record the trailer and first episodes',
              description: 'Record a short trailer and at least three full episodes.',
              due_in_days: 35,
              subtasks: [
                {
                  name: 'Record the trailer',
                  description: 'Record a 60 to 90-second trailer that explains what the show is about.',
                },
                {
                  name: 'Record three launch episodes',
                  description: 'Record the episodes that will go live together on launch day.',
                },
                {
                  name: 'Record two buffer episodes',
                  description: 'Record extra episodes so you keep a buffer after launch.',
                },
              ],
            },
            {
              name: 'Edit and write show notes',
              description: 'Edit the audio and prepare titles, show notes and links for each episode.',
              due_in_days: 42,
              subtasks: [
                {
                  name: 'Edit the episodes',
                  description: 'Remove mistakes, balance the levels and add the intro and outro.',
                },
                {
                  name: 'Write titles and show notes',
                  description: 'Write searchable titles, short summaries and timestamps.',
                },
              ],
            },
          ],
        },
        {
          name: 'Launch and Promote',
          description: 'Publish the show and attract the first listeners and reviews.',
          tasks: [
            {
              name: 'Submit to the directories',
              description: 'Publish the trailer and submit the feed to the major podcast directories.',
              due_in_days: 46,
              subtasks: [
                { name: 'Publish the trailer', description: 'Release the trailer on your hosting platform.' },
                {
                  name: 'Submit the RSS feed',
                  description: 'Submit the feed to Apple Podcasts, Spotify and the other main directories.',
                },
              ],
            },
            {
              name: 'Prepare the launch promotion',
              description: 'Create the emails, posts and guest share kits for launch day.',
              due_in_days: 52,
              subtasks: [
                { name: 'Create audiograms', description: 'Make short video clips from each launch episode.' },
                { name: 'Send guest share kits', description: 'Give guests their links, images and suggested posts.' },
              ],
            },
            {
              name: 'Launch the show',
              description: 'Release the launch episodes and promote them on every channel.',
              due_in_days: 56,
              subtasks: [
                {
                  name: 'Release the launch episodes',
                  description: 'Publish the three launch episodes at the same time.',
                },
                { name: 'Email your list', description: 'Announce the show with a direct link to listen.' },
                {
                  name: 'Ask for ratings and reviews',
                  description: 'Ask your first listeners to rate and review the show.',
                },
              ],
            },
            {
              name: 'Review first-month stats',
              description: 'Check downloads, listener sources and the review count after launch.',
              due_in_days: 60,
              subtasks: [
                {
                  name: 'Record downloads per episode',
                  description: "Note each episode's downloads after 7 and 30 days.",
                },
                {
                  name: 'Plan the next batch',
                  description: 'Schedule recording sessions for the next set of episodes.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'website-redesign-plan',
    name: 'Website-Redesign-Plan',
    product_name: 'Website Redesign Plan',
    category: 'Project Plan Templates',
    active: true,
    free: false,
    price_cents: 4900,
    description:
      'A practical plan for redesigning a small-business website without losing traffic, leads or your sanity. It ' +
      'covers goals, content, design, build, testing and launch, in the order a professional web designer would run ' +
      'it.\n\n' +
      'The plan includes the steps owners often skip: a content audit, redirect mapping to protect search rankings, ' +
      'and a proper pre-launch test of forms, speed and the mobile layout.\n\n' +
      'Use it whether you build the site yourself or manage a designer or agency; each task makes clear what you ' +
      'need to decide and deliver at each stage.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Small business owners and marketing managers redesigning an existing website themselves or with a ' +
      'designer.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Discovery tasks to set goals and audit the current content</li>' +
      '<li>Content, design and build phases with clear deliverables</li>' +
      '<li>A launch checklist covering redirects, tracking and post-launch checks</li>' +
      '</ul>' +
      '<p><strong>4 sections, 13 tasks and 32 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A faster, clearer website that launches on schedule, keeps its search rankings and turns more visitors ' +
      'into enquiries.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'website-redesign-plan', link_text: 'Website Redesign Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/website-redesign-plan.xlsx',
        link_text: 'Website Redesign Plan spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Discovery and Goals',
          description: 'Set the goals, audit the current site and agree the scope.',
          tasks: [
            {
              name: 'Define the redesign goals',
              description: 'Agree what the new site must achieve, such as more enquiries or clearer positioning.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Set measurable goals',
                  description: 'Choose targets such as conversion rate, enquiries or bookings per month.',
                },
                {
                  name: 'Record baseline metrics',
                  description: 'Note current traffic, top pages and conversion rate from your analytics.',
                },
              ],
            },
            {
              name: 'Audit the existing content',
              description: 'List every page and decide whether to keep, rewrite, merge or delete it.',
              due_in_days: 8,
              subtasks: [
                {
                  name: 'Export the page list',
                  description: 'Crawl the site or export the sitemap into a spreadsheet.',
                },
                { name: "Decide each page's fate", description: 'Label every page keep, rewrite, merge or delete.' },
                {
                  name: 'Flag top-ranking pages',
                  description: 'Mark the pages that bring in search traffic so they are protected.',
                },
              ],
            },
            {
              name: 'Agree scope and budget',
              description: 'Confirm the pages, features, timeline and budget with the designer or team.',
              due_in_days: 12,
              subtasks: [
                {
                  name: 'Write the project brief',
                  description: 'Summarise the goals, audience, pages, features and deadline.',
                },
                { name: 'Approve the quote and timeline', description: 'Sign off the budget and the milestone dates.' },
              ],
            },
          ],
        },
        {
          name: 'Content and Structure',
          description: 'Plan the sitemap and write the content before design starts.',
          tasks: [
            {
              name: 'Create the new sitemap',
              description: 'Design the page structure and navigation based on the content audit.',
              due_in_days: 16,
              subtasks: [
                { name: 'Draft the navigation', description: 'Limit the top-level menu to five or six items.' },
                {
                  name: 'Map key user journeys',
                  description: 'Check that key visitors can reach an enquiry form within three clicks.',
                },
              ],
            },
            {
              name: 'Write the page copy',
              description: 'Write or rewrite the copy for each page with clear headlines and calls to action.',
              due_in_days: 28,
              subtasks: [
                {
                  name: 'Write the homepage copy',
                  description: 'Lead with the main promise and one clear call to action.',
                },
                {
                  name: 'Write service or product pages',
                  description: 'Cover the problem, solution, proof and next step on each page.',
                },
                {
                  name: 'Write the about and contact pages',
                  description: 'Tell your story briefly and make contact details easy to find.',
                },
              ],
            },
            {
              name: 'Gather images and brand assets',
              description: 'Collect logos, photos and brand guidelines for the designer.',
              due_in_days: 32,
              subtasks: [
                {
                  name: 'Collect brand files',
                  description: 'Gather the logo files, colours and fonts in one shared folder.',
                },
                {
                  name: 'Plan the photography',
                  description: 'Book a photo shoot or choose licensed stock images for each page.',
                },
              ],
            },
          ],
        },
        {
          name: 'Design and Build',
          description: 'Turn the content into designs and then into a working site.',
          tasks: [
            {
              name: 'Approve the design mock-ups',
              description: 'Review the homepage and key page designs before development starts.',
              due_in_days: 40,
              subtasks: [
                {
                  name: 'Review the homepage design',
                  description: 'Check that the layout highlights the main call to action.',
                },
                { name: 'Review the mobile layouts', description: 'Approve how the key pages look on a phone.' },
                {
                  name: 'Consolidate your feedback',
                  description: 'Send one list of changes rather than scattered messages.',
                },
              ],
            },
            {
              name: 'Build the site on staging',
              description: 'Develop the site on a staging address so the live site keeps running.',
              due_in_days: 55,
              subtasks: [
                {
                  name: 'Set up the staging site',
                  description: 'Create a password-protected copy for building and review.',
                },
                { name: 'Build the page templates', description: 'Develop the reusable layouts for each page type.' },
                { name: 'Load the content', description: 'Add the final copy and images to every page.' },
              ],
            },
            {
              name: 'Set up forms and integrations',
              description: 'Connect contact forms, booking tools, email marketing and analytics.',
              due_in_days: 58,
              subtasks: [
                {
                  name: 'Connect forms to email',
                  description: 'Send form entries to the right inbox and to your email list.',
                },
                {
                  name: 'Install analytics and tracking',
                  description: 'Add analytics and conversion events for the key actions.',
                },
              ],
            },
          ],
        },
        {
          name: 'Test and Launch',
          description: 'Test thoroughly, move the site live and protect your search rankings.',
          tasks: [
            {
              name: 'Map the redirects',
              description: 'Create 301 redirects from every old URL that changes or is removed.',
              due_in_days: 62,
              subtasks: [
                {
                  name: 'List the changed URLs',
                  description: 'Compare old and new page addresses in the audit spreadsheet.',
                },
                {
                  name: 'Set up 301 redirects',
                  description: 'Add redirects so old links land on the best matching new page.',
                },
              ],
            },
            {
              name: 'Run pre-launch testing',
              description: 'Test forms, links, speed and layout on all major browsers and devices.',
              due_in_days: 66,
              subtasks: [
                {
                  name: 'Test every form',
                  description: 'Submit each form and confirm the message arrives where it should.',
                },
                { name: 'Check page speed', description: 'Run a speed test and compress any large images.' },
                {
                  name: 'Check browsers and devices',
                  description: 'Review the site on phone, tablet and desktop browsers.',
                },
              ],
            },
            {
              name: 'Go live',
              description: 'Switch the domain to the new site and confirm everything works.',
              due_in_days: 70,
              subtasks: [
                { name: 'Back up the old site', description: 'Save a full copy of the old site before switching.' },
                { name: 'Point the domain', description: 'Update the DNS or hosting settings to serve the new site.' },
                { name: 'Submit the new sitemap', description: 'Submit the new sitemap to the search engines.' },
              ],
            },
            {
              name: 'Review after launch',
              description: 'Monitor traffic, errors and conversions in the weeks after launch.',
              due_in_days: 75,
              subtasks: [
                { name: 'Check for broken links', description: 'Scan for 404 errors and fix them with redirects.' },
                {
                  name: 'Compare metrics to the baseline',
                  description: 'Compare traffic and enquiries with the numbers recorded in discovery.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'webinar-and-live-event-plan',
    name: 'Webinar-and-Live-Event-Plan',
    product_name: 'Webinar and Live Event Plan',
    category: 'Project Plan Templates',
    active: true,
    free: false,
    price_cents: 3900,
    description:
      'A five-week plan for running a webinar or small live event that fills seats and turns attendees into clients. ' +
      'It covers the topic and offer, the registration page, promotion, rehearsal, the live session and the ' +
      'follow-up sequence where most of the sales actually happen.\n\n' +
      'Every task is scheduled relative to the event date, so you set it up once and always know what needs to ' +
      'happen this week.\n\n' +
      'It works for free lead-generation webinars, paid workshops and in-person events with light adjustments.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Coaches, consultants, agencies and course creators who use webinars, workshops or live events to generate ' +
      'leads and sales.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Topic, offer and run-of-show planning tasks</li>' +
      '<li>Registration, reminder and promotion steps with dates</li>' +
      '<li>A live-day checklist and a post-event follow-up sequence</li>' +
      '</ul>' +
      '<p><strong>4 sections, 13 tasks and 28 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A well-attended event that runs smoothly and a follow-up process that converts attendees into paying ' +
      'clients.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'webinar-and-live-event-plan', link_text: 'Webinar and Live Event Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/webinar-and-live-event-plan.xlsx',
        link_text: 'Webinar and Live Event Plan spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://vimeo.com/90509568', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Plan the Event',
          description: 'Choose the topic, format, date and offer.',
          tasks: [
            {
              name: 'Choose the topic and title',
              description: 'Pick a topic that attracts your ideal client and leads naturally to your offer.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'List candidate topics',
                  description: 'Brainstorm topics based on the questions clients ask most often.',
                },
                {
                  name: 'Write the event title',
                  description: 'Write a specific, benefit-led title that promises one clear result.',
                },
              ],
            },
            {
              name: 'Set the date, format and platform',
              description: 'Decide the date, time, length and the webinar platform or venue.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Pick the date and time',
                  description: "Choose a slot that suits your audience's time zone and working hours.",
                },
                {
                  name: 'Choose the platform',
                  description: 'Select a webinar tool or venue that fits the expected attendance.',
                },
              ],
            },
            {
              name: 'Define the offer and targets',
              description: 'Decide what attendees will be invited to do and set targets for registrations and sales.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Choose the call to action',
                  description: 'Decide whether to sell an offer, book calls or invite people to a trial.',
                },
                {
                  name: 'Set the event targets',
                  description: 'Set targets for registrations, live attendance and conversions.',
                },
              ],
            },
          ],
        },
        {
          name: 'Registration and Promotion',
          description: 'Build the sign-up flow and fill the room.',
          tasks: [
            {
              name: 'Build the registration page',
              description: 'Create a page with the title, key takeaways, speaker bio and a sign-up form.',
              due_in_days: 8,
              subtasks: [
                {
                  name: 'Write the registration copy',
                  description: 'List three specific things attendees will learn.',
                },
                {
                  name: 'Connect registration to email',
                  description: 'Tag registrants and trigger the confirmation email automatically.',
                },
              ],
            },
            {
              name: 'Set up reminder emails',
              description: 'Schedule the confirmation and reminder emails that boost live attendance.',
              due_in_days: 10,
              subtasks: [
                {
                  name: 'Write the confirmation email',
                  description: 'Include the date, time, calendar link and joining link.',
                },
                {
                  name: 'Schedule the reminders',
                  description: 'Send reminders one day before, one hour before and at start time.',
                },
              ],
            },
            {
              name: 'Launch the promotion campaign',
              description: 'Start promoting the event through email, social media and partners at least two weeks out.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'Send the invitation email',
                  description: 'Email your list with the title, the three key takeaways and the registration link.',
                },
                {
                  name: 'Post on social channels',
                  description: 'Share the event at least twice a week using different angles.',
                },
                {
                  name: 'Ask partners to share',
                  description: 'Give partners a short blurb, an image and the registration link.',
                },
              ],
            },
          ],
        },
        {
          name: 'Final Preparation',
          description: 'Build the presentation, push final registrations and rehearse.',
          tasks: [
            {
              name: 'Build the presentation',
              description: 'Create slides that teach genuinely useful content and move smoothly into the offer.',
              due_in_days: 20,
              subtasks: [
                {
                  name: 'Outline the session',
                  description: 'Plan the opening, teaching points, client story and offer segment.',
                },
                { name: 'Design the slides', description: 'Use one idea per slide with large, readable text.' },
              ],
            },
            {
              name: 'Run the final registration push',
              description: 'Drive the last wave of sign-ups in the final week before the event.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Send the reminder emails',
                  description: 'Email non-registered subscribers a reminder and a last-chance message.',
                },
                {
                  name: 'Track daily registrations',
                  description: 'Monitor sign-ups against your target and adjust the promotion.',
                },
              ],
            },
            {
              name: 'Write the run of show',
              description: 'Document the minute-by-minute plan, including who does what.',
              due_in_days: 25,
              subtasks: [
                { name: 'Assign the roles', description: 'Name the host, presenter, chat moderator and tech support.' },
                {
                  name: 'Prepare chat and poll prompts',
                  description: 'Write the questions and polls you will use to engage attendees.',
                },
              ],
            },
            {
              name: 'Rehearse with the tech',
              description: 'Do a full dry run on the actual platform with the whole team.',
              due_in_days: 28,
              subtasks: [
                { name: 'Run a full rehearsal', description: 'Present the whole session and time each segment.' },
                {
                  name: 'Test audio, video and screen share',
                  description: 'Check the equipment and the backups on the setup you will use live.',
                },
              ],
            },
          ],
        },
        {
          name: 'Live Event and Follow-Up',
          description: 'Deliver the event and follow up while interest is high.',
          tasks: [
            {
              name: 'Deliver the event',
              description: 'Run the session, engage attendees and present the offer.',
              due_in_days: 30,
              subtasks: [
                { name: 'Open the room early', description: 'Start ten minutes early and greet arrivals in the chat.' },
                { name: 'Present and take questions', description: 'Deliver the content and answer questions live.' },
                {
                  name: 'Share the offer link',
                  description: 'Post the offer link in the chat during the offer segment.',
                },
              ],
            },
            {
              name: 'Send the replay and follow-up sequence',
              description: 'Email the replay and a short offer sequence to attendees and no-shows.',
              due_in_days: 33,
              subtasks: [
                {
                  name: 'Send the replay email',
                  description: 'Send the recording to all registrants within 24 hours.',
                },
                {
                  name: 'Send the offer sequence',
                  description: 'Send three emails covering benefits, FAQ and the deadline.',
                },
              ],
            },
            {
              name: 'Review the event results',
              description: 'Measure registrations, attendance and conversions against your targets.',
              due_in_days: 35,
              subtasks: [
                {
                  name: 'Record the event metrics',
                  description: 'Note registrations, show-up rate, sales and calls booked.',
                },
                { name: 'Note improvements', description: 'Write down the changes to make for the next event.' },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'operations-plan',
    name: 'Operations-Plan',
    product_name: 'Operations Plan',
    category: 'Planning & Tracking Templates',
    active: true,
    free: false,
    price_cents: 7900,
    description:
      'A plan for getting the day-to-day running of your business organised: mapping core processes, setting roles ' +
      'and responsibilities, simplifying tools and installing a steady rhythm of meetings and metrics.\n\n' +
      'It is designed for owners who have become the bottleneck in their own business. Working through it moves ' +
      'knowledge out of your head and into documented processes, clear owners and a weekly dashboard.\n\n' +
      'Plan on eight weeks alongside normal client work; each section builds on the one before it.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Owners of small service businesses and growing teams who feel stretched running everything themselves.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>A process map and a roles and responsibilities matrix</li>' +
      '<li>A tool audit and workflow standardisation tasks</li>' +
      '<li>A meeting rhythm and a weekly operations dashboard</li>' +
      '</ul>' +
      '<p><strong>4 sections, 12 tasks and 25 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A business that runs on documented processes, clear ownership and regular check-ins instead of the ' +
      "owner's memory.</p>",
    links: [
      { type: 'IMAGE_LINK', link: 'operations-plan', link_text: 'Operations Plan cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/operations-plan.xlsx',
        link_text: 'Operations Plan spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Map Current Operations',
          description: 'Understand how work actually flows today.',
          tasks: [
            {
              name: 'List the core business processes',
              description: 'Identify the processes that keep the business running, from lead to delivery to payment.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Brainstorm the processes',
                  description: 'List the processes under marketing, sales, delivery, finance and admin.',
                },
                {
                  name: 'Pick the critical ten',
                  description: 'Highlight the ten processes that affect clients or cash the most.',
                },
              ],
            },
            {
              name: 'Map the client journey',
              description: 'Draw the end-to-end flow from first enquiry to completed project and paid invoice.',
              due_in_days: 7,
              subtasks: [
                { name: 'Sketch the flow', description: 'Draw each step and handoff in a simple flowchart.' },
                {
                  name: 'Mark the pain points',
                  description: 'Note where delays, errors and repeated questions happen.',
                },
              ],
            },
            {
              name: 'Audit time and bottlenecks',
              description: 'Track where your time goes for one week and spot what only you can do.',
              due_in_days: 10,
              subtasks: [
                {
                  name: 'Track your time for a week',
                  description: 'Log your tasks in 30-minute blocks for five working days.',
                },
                {
                  name: 'Sort tasks by future owner',
                  description: 'Label each task owner-only, delegate or automate.',
                },
              ],
            },
          ],
        },
        {
          name: 'Roles and Responsibilities',
          description: 'Give every process and decision a clear owner.',
          tasks: [
            {
              name: 'Create a roles matrix',
              description: 'Build a responsibility chart showing who owns, does and reviews each process.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'List the roles',
                  description: 'Write down the roles in the business, even where one person holds several.',
                },
                { name: 'Assign process owners', description: 'Give each critical process one accountable owner.' },
              ],
            },
            {
              name: 'Write role scorecards',
              description: "Describe each role's outcomes, key metrics and responsibilities.",
              due_in_days: 18,
              subtasks: [
                { name: 'Define role outcomes', description: 'Write the three to five results each role delivers.' },
                { name: 'Add key metrics', description: 'Attach one or two measurable numbers to each role.' },
              ],
            },
            {
              name: 'Hand over delegated work',
              description: 'Transfer the tasks you labelled delegate to their new owners.',
              due_in_days: 24,
              subtasks: [
                { name: 'Record handover videos', description: 'Record your screen while you do each task once.' },
                {
                  name: 'Schedule handover check-ins',
                  description: "Review the new owner's work after one week and again after two.",
                },
              ],
            },
          ],
        },
        {
          name: 'Tools and Workflows',
          description: 'Simplify the tool stack and standardise how work moves.',
          tasks: [
            {
              name: 'Audit the tool stack',
              description: 'List every software subscription, what it is used for and what it costs.',
              due_in_days: 27,
              subtasks: [
                { name: 'List tools and costs', description: "Record each tool's monthly cost, owner and purpose." },
                {
                  name: 'Cancel overlapping tools',
                  description: 'Remove tools that duplicate features you already pay for.',
                },
              ],
            },
            {
              name: 'Standardise project management',
              description: 'Run all team work in one project tool with consistent templates for recurring work.',
              due_in_days: 33,
              subtasks: [
                {
                  name: 'Choose the project tool',
                  description: 'Settle on Asana, ClickUp or monday.com for all team work.',
                },
                {
                  name: 'Create project templates',
                  description: 'Build templates for your recurring client and internal projects.',
                },
                {
                  name: 'Set naming and status rules',
                  description: 'Agree naming conventions and what each status means.',
                },
              ],
            },
            {
              name: 'Document key procedures',
              description: 'Write step-by-step procedures for the critical processes.',
              due_in_days: 42,
              subtasks: [
                { name: 'Write the top five SOPs', description: 'Document the five most critical processes first.' },
                { name: 'Store SOPs centrally', description: 'Keep every procedure in one searchable shared folder.' },
              ],
            },
          ],
        },
        {
          name: 'Rhythm and Metrics',
          description: 'Install the meetings and numbers that keep operations on track.',
          tasks: [
            {
              name: 'Build the operations dashboard',
              description: 'Track a small set of weekly numbers covering sales, delivery, cash and capacity.',
              due_in_days: 48,
              subtasks: [
                {
                  name: 'Choose the weekly metrics',
                  description: 'Pick six to ten numbers such as leads, active projects, overdue tasks and cash.',
                },
                {
                  name: 'Set up the dashboard',
                  description: 'Build a simple sheet or dashboard that is updated every week.',
                },
              ],
            },
            {
              name: 'Set the meeting rhythm',
              description: 'Establish a short daily check-in, a weekly team meeting and a monthly review.',
              due_in_days: 52,
              subtasks: [
                { name: 'Define the meeting agendas', description: 'Write a fixed agenda for each type of meeting.' },
                { name: 'Book the recurring meetings', description: "Add the meetings to everyone's calendar." },
              ],
            },
            {
              name: 'Review the operations plan',
              description: 'After eight weeks, review what changed and plan the next improvements.',
              due_in_days: 60,
              subtasks: [
                {
                  name: 'Compare before and after',
                  description: 'Measure owner hours, overdue tasks and client issues against week one.',
                },
                { name: 'Pick the next improvements', description: 'Choose three processes to improve next quarter.' },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'quarterly-okr-tracker',
    name: 'Quarterly-OKR-Tracker',
    product_name: 'Quarterly OKR Tracker',
    category: 'Planning & Tracking Templates',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A lightweight tracker for setting and following Objectives and Key Results across one quarter in a small ' +
      'business. It helps you write a few ambitious objectives, the measurable key results that prove progress, and ' +
      'the initiatives that move them.\n\n' +
      'The plan builds in weekly check-ins and a mid-quarter review, so your OKRs stay part of the way you work ' +
      'rather than a document you forget about by week two.\n\n' +
      'Use it with a small team or on your own as a solo founder.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Founders and small teams who want clear, measurable quarterly goals and a simple weekly routine to track ' +
      'them.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Tasks to draft, align and assign objectives and key results</li>' +
      '<li>A weekly check-in routine with confidence scoring</li>' +
      '<li>Mid-quarter and end-of-quarter scoring and review steps</li>' +
      '</ul>' +
      '<p><strong>4 sections, 13 tasks and 27 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>Three or fewer focused objectives, key results updated every week, and an honest end-of-quarter score to ' +
      'plan from.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'quarterly-okr-tracker', link_text: 'Quarterly OKR Tracker cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/quarterly-okr-tracker.xlsx',
        link_text: 'Quarterly OKR Tracker spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Set the OKRs',
          description: 'Draft and agree the objectives and key results for the quarter.',
          tasks: [
            {
              name: 'Draft the objectives',
              description:
                'Write two or three qualitative objectives that describe where you want to be at the end of the ' +
                'quarter.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Review the annual goals',
                  description: "Re-read the annual goals and last quarter's results.",
                },
                { name: 'Write draft objectives', description: 'Write short, inspiring objectives in plain language.' },
              ],
            },
            {
              name: 'Define the key results',
              description: 'Attach two to four measurable key results to each objective.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Write measurable key results',
                  description: 'Give each key result a start value and a target value.',
                },
                {
                  name: 'Check key results are outcomes',
                  description: 'Replace any key result that reads like a task with a measurable outcome.',
                },
              ],
            },
            {
              name: 'Align with the team',
              description: 'Review the OKRs with the team so everyone understands and commits to them.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'Hold an OKR workshop',
                  description: 'Walk through the draft OKRs and gather feedback in one session.',
                },
                { name: 'Assign key result owners', description: 'Give each key result one accountable owner.' },
              ],
            },
            {
              name: 'Plan the initiatives',
              description: 'List the projects and actions expected to move each key result.',
              due_in_days: 8,
              subtasks: [
                { name: 'Brainstorm initiatives', description: 'List the possible actions for each key result.' },
                {
                  name: 'Prioritise initiatives',
                  description: 'Keep the initiatives with the highest expected impact for the effort.',
                },
              ],
            },
          ],
        },
        {
          name: 'Weekly Tracking',
          description: 'Check progress every week and act on what the numbers show.',
          tasks: [
            {
              name: 'Set up the tracker',
              description:
                'Create a tracking sheet or dashboard with each key result, its owner and its weekly values.',
              due_in_days: 9,
              subtasks: [
                {
                  name: 'Build the tracking sheet',
                  description: 'Add columns for start value, target, current value and confidence.',
                },
                {
                  name: 'Share the tracker',
                  description: 'Give the team access and pin the tracker in your project tool.',
                },
              ],
            },
            {
              name: 'Hold weekly check-ins',
              description: 'Run a 15-minute check-in where owners update progress and confidence.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'Update key result values',
                  description: 'Owners enter the latest numbers before the meeting starts.',
                },
                {
                  name: 'Score confidence',
                  description: 'Each owner rates their confidence of hitting the target from 1 to 10.',
                },
                {
                  name: 'Agree actions on low scores',
                  description: 'Decide next steps for any key result with a confidence below 5.',
                },
              ],
            },
            {
              name: 'Share monthly progress',
              description: 'Send a brief progress summary to the team or your advisors each month.',
              due_in_days: 30,
              subtasks: [
                {
                  name: 'Write the progress summary',
                  description: 'Summarise progress, wins and risks in a few bullet points.',
                },
                {
                  name: 'Celebrate the wins',
                  description: 'Recognise the people behind any key result that moved significantly.',
                },
              ],
            },
          ],
        },
        {
          name: 'Mid-Quarter Review',
          description: 'Check whether the OKRs are still the right ones at the halfway point.',
          tasks: [
            {
              name: 'Score progress at halfway',
              description: 'Score each key result from 0 to 1 based on progress so far.',
              due_in_days: 45,
              subtasks: [
                {
                  name: 'Score each key result',
                  description: 'Calculate progress as a fraction of the distance from start to target.',
                },
                {
                  name: 'Identify at-risk key results',
                  description: 'Flag any key result scoring below 0.4 at the halfway mark.',
                },
              ],
            },
            {
              name: 'Adjust the initiatives',
              description: 'Change or add initiatives for the key results that are off track.',
              due_in_days: 48,
              subtasks: [
                {
                  name: 'Stop ineffective initiatives',
                  description: 'End the actions that have not moved the numbers.',
                },
                { name: 'Launch new initiatives', description: 'Start one new action for each at-risk key result.' },
              ],
            },
            {
              name: "Refresh the team's focus",
              description: 'Re-share the updated OKRs so everyone knows what changed and why.',
              due_in_days: 50,
              subtasks: [
                {
                  name: 'Publish the updated OKRs',
                  description: 'Post the revised initiatives and owners in the tracker.',
                },
                {
                  name: 'Explain the changes',
                  description: 'Walk the team through what changed at the next weekly check-in.',
                },
              ],
            },
          ],
        },
        {
          name: 'Quarter-End Scoring',
          description: 'Grade the quarter and feed the lessons into the next one.',
          tasks: [
            {
              name: 'Score the final results',
              description: 'Record the final value of every key result and calculate the scores.',
              due_in_days: 88,
              subtasks: [
                { name: 'Record the final values', description: 'Enter the final number for each key result.' },
                {
                  name: 'Calculate objective scores',
                  description: 'Average the key result scores for each objective.',
                },
              ],
            },
            {
              name: 'Run the OKR retrospective',
              description: 'Discuss what helped and what blocked progress during the quarter.',
              due_in_days: 89,
              subtasks: [
                { name: 'Discuss what worked', description: 'List the practices and initiatives worth repeating.' },
                { name: 'Discuss what did not', description: 'List the obstacles and how to avoid them next quarter.' },
              ],
            },
            {
              name: "Draft next quarter's OKRs",
              description: 'Use the scores and lessons to start the next cycle.',
              due_in_days: 90,
              subtasks: [
                {
                  name: 'Carry over unfinished objectives',
                  description: 'Decide which objectives continue into the next quarter.',
                },
                {
                  name: 'Schedule the next OKR workshop',
                  description: 'Book the planning session for the first week of next quarter.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'content-marketing-calendar',
    name: 'Content-Marketing-Calendar',
    product_name: 'Content Marketing Calendar',
    category: 'Planning & Tracking Templates',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A monthly content calendar plan for small businesses that want to publish consistently without scrambling ' +
      'every week. It helps you pick content pillars, plan topics, batch-create posts and measure what actually ' +
      'brings in leads.\n\n' +
      'The plan follows a simple cycle: plan in the first week, create in batches, schedule everything, then review ' +
      'the numbers at month end and feed the winners into next month.\n\n' +
      'Copy it into your project tool at the start of each month and your content engine runs on a predictable ' +
      'rhythm.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Small business owners, marketers and virtual assistants managing blog, email and social content for a ' +
      'business.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Content pillar and topic planning tasks</li>' +
      '<li>A batching workflow for writing, design and scheduling</li>' +
      '<li>Monthly performance review and repurposing steps</li>' +
      '</ul>' +
      '<p><strong>4 sections, 12 tasks and 26 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A month of content published on schedule, with clear data on which topics and channels bring in leads.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'content-marketing-calendar', link_text: 'Content Marketing Calendar cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/content-marketing-calendar.xlsx',
        link_text: 'Content Marketing Calendar spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://vimeo.com/1084537', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Strategy and Pillars',
          description: 'Decide what to talk about and where to publish it.',
          tasks: [
            {
              name: 'Define content pillars',
              description:
                "Choose three to five recurring themes that connect your expertise to your clients' problems.",
              due_in_days: 2,
              subtasks: [
                {
                  name: 'List client questions',
                  description: 'Collect the questions clients and prospects ask most often.',
                },
                {
                  name: 'Group questions into pillars',
                  description: 'Cluster the questions into three to five themes.',
                },
              ],
            },
            {
              name: 'Choose channels and frequency',
              description: 'Decide where you will publish and how often you can realistically keep it up.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Pick the primary channels',
                  description: 'Choose one long-form channel and one or two social channels.',
                },
                {
                  name: 'Set the publishing frequency',
                  description: 'Commit to a schedule you can sustain for at least three months.',
                },
              ],
            },
            {
              name: 'Set the monthly content goal',
              description: 'Set one goal for the month, such as email sign-ups or enquiries from content.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Choose the goal metric',
                  description: 'Pick one metric that connects content to business results.',
                },
                { name: "Record last month's baseline", description: "Note last month's value so you can compare." },
              ],
            },
          ],
        },
        {
          name: 'Plan the Month',
          description: 'Turn the pillars into a dated calendar of topics.',
          tasks: [
            {
              name: 'Brainstorm topics',
              description: 'Generate topic ideas for each pillar, including timely and seasonal angles.',
              due_in_days: 5,
              subtasks: [
                { name: 'List topics per pillar', description: 'Write at least five topic ideas for each pillar.' },
                {
                  name: 'Add seasonal hooks',
                  description: 'Note the holidays, events or launches happening this month.',
                },
              ],
            },
            {
              name: 'Build the calendar',
              description: 'Assign each topic to a date, a channel and a format.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'Place the long-form pieces',
                  description: 'Schedule the weekly blog post, video or newsletter first.',
                },
                {
                  name: 'Add the social posts',
                  description: 'Plan social posts that promote and repurpose the long-form pieces.',
                },
                { name: 'Mark promotional dates', description: 'Slot in the posts that promote offers or events.' },
              ],
            },
            {
              name: 'Write content briefs',
              description: 'Create a short brief for each long-form piece so the writing goes quickly.',
              due_in_days: 7,
              subtasks: [
                { name: 'Outline the key points', description: 'List the three to five points each piece will cover.' },
                { name: 'Add the call to action', description: 'Define what the reader should do next.' },
              ],
            },
          ],
        },
        {
          name: 'Create and Schedule',
          description: 'Batch-produce the content and load it into your scheduling tools.',
          tasks: [
            {
              name: 'Batch-write the long-form content',
              description: "Write all of the month's long-form pieces in focused writing blocks.",
              due_in_days: 11,
              subtasks: [
                { name: 'Block writing sessions', description: 'Book two or three half-day writing sessions.' },
                {
                  name: 'Draft, then edit separately',
                  description: 'Write the drafts in one session and edit them in another.',
                },
              ],
            },
            {
              name: 'Create graphics and videos',
              description: 'Produce the images, carousels and short clips for each post.',
              due_in_days: 14,
              subtasks: [
                { name: 'Design from templates', description: 'Use branded templates to create the images quickly.' },
                {
                  name: 'Record short clips',
                  description: "Record all of the month's short videos in one batch session.",
                },
              ],
            },
            {
              name: 'Schedule all content',
              description: 'Load the posts into your scheduling tool and email platform.',
              due_in_days: 16,
              subtasks: [
                {
                  name: 'Schedule the social posts',
                  description: 'Add captions, hashtags and links to each scheduled post.',
                },
                {
                  name: 'Schedule the newsletters',
                  description: 'Set up each newsletter with its subject line and preview text.',
                },
                {
                  name: 'Check links and tracking',
                  description: 'Add tracking parameters to the links and test each one.',
                },
              ],
            },
          ],
        },
        {
          name: 'Engage, Measure and Repurpose',
          description: 'Respond to engagement, measure results and reuse the best content.',
          tasks: [
            {
              name: 'Engage with the audience',
              description: 'Reply to comments and messages and join relevant conversations.',
              due_in_days: 24,
              subtasks: [
                { name: 'Reply within 24 hours', description: 'Respond to comments and messages every working day.' },
                {
                  name: 'Capture new questions',
                  description: 'Add new audience questions to the topic list for next month.',
                },
              ],
            },
            {
              name: 'Review monthly performance',
              description: "Compare the month's results with the goal and find the top performers.",
              due_in_days: 29,
              subtasks: [
                {
                  name: 'Pull the channel metrics',
                  description: 'Record reach, engagement, clicks and sign-ups for each channel.',
                },
                { name: 'Identify the top five pieces', description: "Rank this month's content by the goal metric." },
              ],
            },
            {
              name: 'Repurpose the top content',
              description: 'Turn the best-performing pieces into new formats for next month.',
              due_in_days: 30,
              subtasks: [
                { name: 'Choose the pieces to repurpose', description: 'Pick the two pieces with the best results.' },
                {
                  name: 'Plan the new formats',
                  description: 'Turn them into carousels, short videos or email lessons.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'sales-pipeline-setup',
    name: 'Sales-Pipeline-Setup',
    product_name: 'Sales Pipeline Setup',
    category: 'Planning & Tracking Templates',
    active: true,
    free: false,
    price_cents: 3900,
    description:
      'A practical plan for building a simple, reliable sales pipeline in your CRM so no lead slips through the ' +
      'cracks. It covers defining the stages, importing contacts, automating follow-up and running a weekly pipeline ' +
      'review.\n\n' +
      'It is written for businesses that close deals through conversations, such as agencies, consultants and ' +
      'service providers, and keeps the setup lean enough to maintain without a sales operations team.\n\n' +
      'Finish it in about a month and you will know exactly how many deals you have, where they are and what to do ' +
      'next on each one.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Agencies, consultants, coaches and B2B service businesses that sell through calls and proposals.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Tasks to define pipeline stages, exit criteria and lead sources</li>' +
      '<li>CRM setup, data import and follow-up automation steps</li>' +
      '<li>A weekly pipeline review and sales target routine</li>' +
      '</ul>' +
      '<p><strong>4 sections, 12 tasks and 26 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A clean CRM pipeline with every open deal tracked, automatic follow-ups and a forecast you can trust.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'sales-pipeline-setup', link_text: 'Sales Pipeline Setup cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/sales-pipeline-setup.xlsx',
        link_text: 'Sales Pipeline Setup spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://player.vimeo.com/video/22439234', link_text: 'viemo' },
    ],
    plan: {
      sections: [
        {
          name: 'Design the Pipeline',
          description: 'Define how deals move from first contact to closed.',
          tasks: [
            {
              name: 'Map your current sales process',
              description: 'Write down each step a lead goes through today, from enquiry to signed contract.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'List the current steps',
                  description: 'Describe every step from first contact to first payment.',
                },
                { name: 'Identify drop-off points', description: 'Note where leads usually stall or disappear.' },
              ],
            },
            {
              name: 'Define the pipeline stages',
              description: 'Create five to seven stages with clear entry and exit criteria.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Name the stages',
                  description: 'Use stages such as New Lead, Discovery Booked, Proposal Sent, Negotiation and Won.',
                },
                {
                  name: 'Write the exit criteria',
                  description: 'Define the action that moves a deal to the next stage.',
                },
              ],
            },
            {
              name: 'Define lead sources and fields',
              description: 'Decide what data to capture for every deal, including its source and value.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'List the lead sources',
                  description: 'Record referral, website, social, partner and event sources.',
                },
                {
                  name: 'Choose the required fields',
                  description: 'Pick the fields every deal must have, such as value and expected close date.',
                },
              ],
            },
          ],
        },
        {
          name: 'Set Up the CRM',
          description: 'Configure the CRM and load your existing contacts and deals.',
          tasks: [
            {
              name: 'Configure the CRM',
              description: 'Create the pipeline, stages and custom fields in your CRM.',
              due_in_days: 9,
              subtasks: [
                {
                  name: 'Create the pipeline and stages',
                  description: 'Add the stages in order with a win probability for each.',
                },
                {
                  name: 'Add custom fields',
                  description: 'Create fields for lead source, service interest and next step.',
                },
              ],
            },
            {
              name: 'Import contacts and open deals',
              description: 'Clean and import existing contacts and deals from spreadsheets and inboxes.',
              due_in_days: 12,
              subtasks: [
                {
                  name: 'Clean the contact list',
                  description: 'Remove duplicates and fix missing names or email addresses.',
                },
                {
                  name: 'Import the data',
                  description: 'Import the contacts and create a deal for each open opportunity.',
                },
                { name: 'Assign deal stages', description: 'Place each imported deal in its correct stage.' },
              ],
            },
            {
              name: 'Connect lead capture',
              description: 'Send website forms and booking tools straight into the CRM.',
              due_in_days: 15,
              subtasks: [
                {
                  name: 'Connect the website forms',
                  description: 'Route contact form entries into the New Lead stage.',
                },
                {
                  name: 'Connect the booking tool',
                  description: 'Create or update a deal whenever a discovery call is booked.',
                },
              ],
            },
          ],
        },
        {
          name: 'Automate Follow-Up',
          description: 'Make sure every lead gets timely, consistent follow-up.',
          tasks: [
            {
              name: 'Write follow-up templates',
              description: 'Create email templates for each stage of the pipeline.',
              due_in_days: 18,
              subtasks: [
                {
                  name: 'Write the enquiry reply',
                  description: 'Draft a fast response that invites the lead to book a call.',
                },
                {
                  name: 'Write the proposal follow-ups',
                  description: 'Draft reminders for two, five and ten days after a proposal is sent.',
                },
                {
                  name: 'Write the re-engagement email',
                  description: 'Draft a friendly check-in for deals that have gone quiet.',
                },
              ],
            },
            {
              name: 'Set up task reminders',
              description: 'Create automatic tasks so no deal is ever left without a next step.',
              due_in_days: 20,
              subtasks: [
                {
                  name: 'Create stage-based tasks',
                  description: 'Trigger a follow-up task whenever a deal enters a new stage.',
                },
                {
                  name: 'Flag stale deals',
                  description: 'Alert the owner when a deal has had no activity for seven days.',
                },
              ],
            },
            {
              name: 'Test the workflow',
              description: 'Run a test lead through the pipeline from end to end.',
              due_in_days: 22,
              subtasks: [
                {
                  name: 'Submit a test enquiry',
                  description: 'Fill in the website form and check that the deal is created.',
                },
                {
                  name: 'Check the automations fire',
                  description: 'Confirm the emails and tasks trigger at each stage.',
                },
              ],
            },
          ],
        },
        {
          name: 'Review and Improve',
          description: 'Keep the pipeline accurate and use it to forecast.',
          tasks: [
            {
              name: 'Build the pipeline dashboard',
              description: 'Create a dashboard showing deals by stage, value and expected close date.',
              due_in_days: 25,
              subtasks: [
                {
                  name: 'Add stage and value reports',
                  description: 'Show the number and total value of deals in each stage.',
                },
                {
                  name: 'Add conversion reports',
                  description: 'Show the conversion rate between each pair of stages.',
                },
              ],
            },
            {
              name: 'Run a weekly pipeline review',
              description: 'Review every open deal once a week and agree its next step.',
              due_in_days: 28,
              subtasks: [
                { name: 'Update each deal', description: 'Confirm the stage, value, close date and next action.' },
                {
                  name: 'Close out dead deals',
                  description: 'Mark deals as lost, with a reason, when they stop responding.',
                },
              ],
            },
            {
              name: 'Set monthly sales targets',
              description: 'Use the pipeline data to set monthly targets for leads, calls and closed deals.',
              due_in_days: 30,
              subtasks: [
                {
                  name: 'Calculate the required activity',
                  description: 'Work back from the revenue goal to the leads and calls needed.',
                },
                {
                  name: 'Share the targets',
                  description: 'Post the monthly targets next to the dashboard where the team sees them.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'sop-documentation-checklist',
    name: 'SOP-Documentation-Checklist',
    product_name: 'SOP Documentation Checklist',
    category: 'Process Checklists/Templates',
    active: true,
    free: false,
    price_cents: 2900,
    description:
      'A checklist for capturing your business know-how as standard operating procedures that a team member or ' +
      'contractor can follow without asking you. It covers choosing which processes to document, recording them, ' +
      'writing clear steps and keeping them current.\n\n' +
      'The method is deliberately simple: record the task once while you do it, turn the recording into a short ' +
      'written checklist, then test it by having someone else follow it.\n\n' +
      'Work through the checklist over a month to document your first ten procedures, then reuse it whenever a new ' +
      'process appears.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Business owners, operations managers and virtual assistants building an operations manual for a small ' +
      'team.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>A scoring method to choose which processes to document first</li>' +
      '<li>A record, write and test workflow for every procedure</li>' +
      '<li>A simple system for storing, reviewing and updating SOPs</li>' +
      '</ul>' +
      '<p><strong>4 sections, 12 tasks and 25 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>Your first ten SOPs documented, tested and stored in one place, ready for delegation and onboarding.</p>',
    links: [
      { type: 'IMAGE_LINK', link: '', link_text: '' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/sop-documentation-checklist.xlsx',
        link_text: 'SOP Documentation Checklist spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Choose What to Document',
          description: 'Decide which processes matter most.',
          tasks: [
            {
              name: 'List the recurring tasks',
              description: 'Write down every task that is done weekly or monthly in the business.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Review your calendar and task list',
                  description: 'Scan the last month for tasks you repeated.',
                },
                { name: 'Ask the team', description: 'Have each team member list the tasks they do repeatedly.' },
              ],
            },
            {
              name: 'Prioritise the processes',
              description: 'Rank the tasks by how often they happen and how costly mistakes are.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Score frequency and risk',
                  description: 'Rate each task from 1 to 5 for frequency and for the impact of errors.',
                },
                {
                  name: 'Pick the first ten',
                  description: 'Choose the ten highest-scoring processes to document first.',
                },
              ],
            },
            {
              name: 'Set up the SOP template',
              description: 'Create a standard format that every procedure will follow.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Define the template sections',
                  description: 'Include purpose, owner, tools, steps and definition of done.',
                },
                {
                  name: 'Create the SOP library',
                  description: 'Set up a shared folder or wiki with a clear naming convention.',
                },
              ],
            },
          ],
        },
        {
          name: 'Capture the Process',
          description: 'Record how the work is done today.',
          tasks: [
            {
              name: 'Interview the process experts',
              description:
                'For processes someone else runs, capture their steps in a short interview before recording.',
              due_in_days: 9,
              subtasks: [
                {
                  name: 'Book 30-minute interviews',
                  description: 'Schedule a call with each person who runs a process on the list.',
                },
                {
                  name: 'Walk through a recent example',
                  description: 'Ask them to talk through the last time they completed the process, step by step.',
                },
              ],
            },
            {
              name: 'Record each task once',
              description: 'Screen-record or film yourself completing each process while narrating.',
              due_in_days: 12,
              subtasks: [
                { name: 'Record with narration', description: 'Explain why you do each step as you work through it.' },
                { name: 'Save recordings to the library', description: 'Store each video in its matching SOP folder.' },
              ],
            },
            {
              name: 'Collect supporting assets',
              description: 'Gather the templates, tool details and examples needed to complete each process.',
              due_in_days: 14,
              subtasks: [
                {
                  name: 'Gather templates and examples',
                  description: 'Attach email templates, forms and examples of good output.',
                },
                {
                  name: 'Document tool access',
                  description:
                    'Note which tools are needed and who grants access, without writing passwords in the SOP.',
                },
              ],
            },
          ],
        },
        {
          name: 'Write the SOP',
          description: 'Turn the recordings into clear step-by-step instructions.',
          tasks: [
            {
              name: 'Draft the step-by-step checklist',
              description: 'Write numbered steps that each start with a verb and describe a single action.',
              due_in_days: 20,
              subtasks: [
                { name: 'Write numbered steps', description: 'Keep each step to a single action.' },
                {
                  name: 'Add screenshots',
                  description: 'Insert screenshots for any step that involves a software screen.',
                },
                {
                  name: 'Note the decision points',
                  description: 'Explain what to do when a step has more than one possible outcome.',
                },
              ],
            },
            {
              name: 'Define quality standards',
              description: 'State what a good result looks like and which mistakes to avoid.',
              due_in_days: 22,
              subtasks: [
                {
                  name: 'Write the definition of done',
                  description: 'Describe how to check that the task was completed correctly.',
                },
                {
                  name: 'List common mistakes',
                  description: 'Note the errors people often make and how to avoid them.',
                },
              ],
            },
            {
              name: 'Review drafts with the process owner',
              description: 'Have the person who runs each process check the draft for accuracy before testing.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Send drafts for review',
                  description: 'Share each draft with its process owner and a two-day deadline.',
                },
                { name: 'Resolve review comments', description: 'Update the steps and close every comment.' },
              ],
            },
          ],
        },
        {
          name: 'Test and Maintain',
          description: 'Make sure the SOPs work and stay current.',
          tasks: [
            {
              name: 'Test with another person',
              description: 'Have a team member follow each SOP without help and note where they get stuck.',
              due_in_days: 26,
              subtasks: [
                { name: 'Run the test', description: 'Watch or collect feedback while someone follows the SOP.' },
                { name: 'Fix unclear steps', description: 'Rewrite any step that caused questions or errors.' },
              ],
            },
            {
              name: 'Publish and train',
              description: 'Announce the new SOPs and show the team where to find them.',
              due_in_days: 28,
              subtasks: [
                { name: 'Share the SOP library', description: 'Send the team a link and a short walkthrough video.' },
                {
                  name: 'Link SOPs to recurring tasks',
                  description: 'Add the SOP link to each matching recurring task in your project tool.',
                },
              ],
            },
            {
              name: 'Schedule SOP reviews',
              description: 'Set a review date for each SOP so it stays accurate.',
              due_in_days: 30,
              subtasks: [
                { name: 'Assign SOP owners', description: 'Give each SOP an owner who is responsible for updates.' },
                {
                  name: 'Set review reminders',
                  description: 'Create recurring tasks to review each SOP every six months.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'monthly-financial-close-checklist',
    name: 'Monthly-Financial-Close-Checklist',
    product_name: 'Monthly Financial Close Checklist',
    category: 'Process Checklists/Templates',
    active: true,
    free: false,
    price_cents: 1900,
    description:
      'A repeatable checklist for closing your books every month, so you know your real profit, cash position and ' +
      'tax set-asides within the first eight days of the new month.\n\n' +
      'It walks through recording and reconciling every account, chasing unpaid invoices, reviewing expenses, ' +
      'running the key reports and making the decisions those reports point to. Each task is timed by day so the ' +
      'close happens on the same schedule every month.\n\n' +
      'Use it with your bookkeeper or on your own; it works with any common accounting software.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Small business owners, bookkeepers and online business managers responsible for monthly finances.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>A day-by-day close schedule for the first eight days of each month</li>' +
      '<li>Reconciliation, receivables, payables and expense review steps</li>' +
      '<li>A reporting section with profit, cash and tax set-aside checks</li>' +
      '</ul>' +
      '<p><strong>4 sections, 13 tasks and 29 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>Accurate monthly numbers by the eighth day of every month and a habit of making decisions from them.</p>',
    links: [
      { type: 'IMAGE_LINK', link: '', link_text: '' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/monthly-financial-close-checklist.xlsx',
        link_text: 'Monthly Financial Close Checklist spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Collect and Record',
          description: 'Make sure every transaction for the month is in the books.',
          tasks: [
            {
              name: 'Import bank and card transactions',
              description: 'Sync or import all bank, card and payment processor transactions for the month.',
              due_in_days: 1,
              subtasks: [
                {
                  name: 'Sync the bank feeds',
                  description: 'Confirm every bank and credit card feed is connected and up to date.',
                },
                {
                  name: 'Import payment processor payouts',
                  description: 'Record the payouts, fees and refunds from each payment platform.',
                },
              ],
            },
            {
              name: 'Collect receipts and bills',
              description: 'Gather receipts and supplier bills and attach them to their transactions.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Forward emailed receipts',
                  description: 'Send emailed receipts to the accounting inbox or app.',
                },
                { name: 'Upload paper receipts', description: 'Photograph and upload any paper receipts.' },
                {
                  name: 'Record unpaid supplier bills',
                  description: 'Enter bills you have received but not yet paid.',
                },
              ],
            },
            {
              name: 'Categorise transactions',
              description: 'Assign every transaction to the correct account and clear the uncategorised list.',
              due_in_days: 3,
              subtasks: [
                {
                  name: 'Apply bank rules',
                  description: 'Use saved rules to categorise recurring transactions automatically.',
                },
                { name: 'Review uncategorised items', description: 'Categorise or query every unclear transaction.' },
              ],
            },
          ],
        },
        {
          name: 'Reconcile Accounts',
          description: 'Confirm the books match the bank and card statements.',
          tasks: [
            {
              name: 'Reconcile the bank accounts',
              description: "Match the book balance to each bank statement's closing balance.",
              due_in_days: 4,
              subtasks: [
                { name: 'Match statement balances', description: 'Reconcile each account to its month-end statement.' },
                {
                  name: 'Investigate differences',
                  description: 'Find and fix any missing or duplicated transactions.',
                },
              ],
            },
            {
              name: 'Reconcile credit cards and loans',
              description: 'Reconcile every card and loan account to its statement.',
              due_in_days: 4,
              subtasks: [
                { name: 'Reconcile the credit cards', description: 'Match each card balance to its statement.' },
                { name: 'Split loan payments', description: 'Record each loan payment as principal and interest.' },
              ],
            },
            {
              name: 'Review accounts receivable',
              description: 'Check unpaid customer invoices and chase the overdue ones.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Run the aged receivables report',
                  description: 'List open invoices by the number of days overdue.',
                },
                {
                  name: 'Send payment reminders',
                  description: 'Email reminders for invoices more than 14 days overdue.',
                },
                {
                  name: 'Escalate long-overdue invoices',
                  description: 'Call clients whose invoices are more than 45 days overdue.',
                },
              ],
            },
            {
              name: 'Review accounts payable',
              description: 'Check the bills that are due and schedule payments.',
              due_in_days: 5,
              subtasks: [
                { name: 'Review upcoming bills', description: 'List the bills due in the next 30 days.' },
                {
                  name: 'Schedule supplier payments',
                  description: 'Schedule payments on dates that protect your cash flow.',
                },
              ],
            },
          ],
        },
        {
          name: 'Review and Adjust',
          description: 'Check the numbers make sense before reporting on them.',
          tasks: [
            {
              name: 'Review payroll and contractor payments',
              description: 'Confirm payroll, contractor invoices and related taxes are recorded correctly.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'Check the payroll entries',
                  description: "Match the payroll journal to the payroll provider's report.",
                },
                {
                  name: 'Confirm contractor invoices',
                  description: 'Make sure every contractor payment has an invoice attached.',
                },
              ],
            },
            {
              name: 'Review recurring expenses',
              description: 'Check subscriptions and recurring costs for waste.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'List the subscriptions',
                  description: 'Pull the list of recurring software and service charges.',
                },
                {
                  name: 'Cancel unused subscriptions',
                  description: 'Cancel anything that has not been used in the last 60 days.',
                },
              ],
            },
            {
              name: 'Record month-end adjustments',
              description: 'Post accruals, prepayments and depreciation where they apply.',
              due_in_days: 7,
              subtasks: [
                { name: 'Post accruals', description: 'Record expenses incurred this month but not yet billed.' },
                { name: 'Record depreciation', description: 'Post the monthly depreciation for equipment.' },
              ],
            },
          ],
        },
        {
          name: 'Report and Decide',
          description: 'Produce the reports and act on them.',
          tasks: [
            {
              name: 'Run the monthly reports',
              description: 'Produce the profit and loss, balance sheet and cash summary.',
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Run the profit and loss',
                  description: 'Compare this month with last month and with the budget.',
                },
                {
                  name: 'Run the balance sheet',
                  description: 'Check cash, receivables, payables and other liabilities.',
                },
              ],
            },
            {
              name: 'Set aside tax and profit',
              description: "Move money into the tax and profit accounts based on the month's results.",
              due_in_days: 8,
              subtasks: [
                {
                  name: 'Transfer the tax set-aside',
                  description: 'Move the agreed percentage of profit into the tax account.',
                },
                {
                  name: 'Transfer the profit allocation',
                  description: 'Move the profit percentage into the savings account.',
                },
              ],
            },
            {
              name: 'Review the numbers and decide actions',
              description: "Spend 30 minutes reviewing the key numbers and deciding next month's actions.",
              due_in_days: 8,
              subtasks: [
                {
                  name: 'Review the key ratios',
                  description: 'Check gross margin, expenses as a share of revenue and cash runway.',
                },
                {
                  name: 'Record the decisions',
                  description: 'Note any spending, pricing or collection actions for next month.',
                },
                {
                  name: 'Lock the period',
                  description: 'Close the month in your accounting software to prevent accidental changes.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'client-onboarding-checklist',
    name: 'Client-Onboarding-Checklist',
    product_name: 'Client Onboarding Checklist',
    category: 'Process Checklists/Templates',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A checklist for onboarding a new client smoothly, from signed contract to first deliverable. It makes sure ' +
      'nothing is missed: contract and payment, welcome pack, access and assets, the kick-off call and a clear ' +
      'communication plan.\n\n' +
      'A consistent onboarding experience sets the tone for the whole engagement. Clients feel looked after, your ' +
      'team gets the information it needs on day one, and you avoid the back-and-forth that delays projects.\n\n' +
      'Use it for every new engagement and copy it into your project tool as soon as a contract is signed.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Agencies, consultants, coaches, virtual assistants and freelancers who onboard new clients regularly.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Contract, invoicing and client record steps</li>' +
      '<li>A welcome, intake and access-gathering checklist</li>' +
      '<li>A kick-off call agenda and first-two-weeks follow-up tasks</li>' +
      '</ul>' +
      '<p><strong>4 sections, 12 tasks and 25 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>Every new client fully onboarded within two weeks, with access, information and expectations in place.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'client-onboarding-checklist', link_text: 'Client Onboarding Checklist cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/client-onboarding-checklist.xlsx',
        link_text: 'Client Onboarding Checklist spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Contract and Payment',
          description: 'Make the engagement official.',
          tasks: [
            {
              name: 'Send the contract',
              description: 'Send the agreement with the scope, timeline, fees and terms for e-signature.',
              due_in_days: 0,
              subtasks: [
                {
                  name: 'Fill in the contract template',
                  description: 'Add the scope, deliverables, fees and start date.',
                },
                {
                  name: 'Send for e-signature',
                  description: 'Send the contract and set a reminder to follow up in two days.',
                },
              ],
            },
            {
              name: 'Issue the first invoice',
              description: 'Invoice the deposit or first payment as soon as the contract is signed.',
              due_in_days: 1,
              subtasks: [
                {
                  name: 'Create the invoice',
                  description: 'Invoice the deposit or first month as set out in the contract.',
                },
                {
                  name: 'Set up recurring billing',
                  description: 'Schedule recurring invoices or the agreed payment plan.',
                },
              ],
            },
            {
              name: 'Create the client record',
              description: 'Add the client to your CRM, project tool and accounting software.',
              due_in_days: 1,
              subtasks: [
                { name: 'Mark the deal as won', description: 'Update the CRM with the signed contract value.' },
                {
                  name: 'Create the client project',
                  description: 'Copy the delivery template into your project tool.',
                },
              ],
            },
          ],
        },
        {
          name: 'Welcome and Intake',
          description: 'Welcome the client and collect what you need to start.',
          tasks: [
            {
              name: 'Send the welcome pack',
              description: 'Send a welcome email with next steps, key contacts and what to expect.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Personalise the welcome email',
                  description: "Adapt the template with the client's name and goals.",
                },
                {
                  name: 'Attach the welcome guide',
                  description: 'Include working hours, response times and communication channels.',
                },
              ],
            },
            {
              name: 'Collect intake information',
              description: 'Send an intake form covering goals, background, brand assets and key contacts.',
              due_in_days: 4,
              subtasks: [
                { name: 'Send the intake form', description: 'Share the questionnaire with a completion deadline.' },
                {
                  name: 'Review the responses',
                  description: 'Read the answers and note follow-up questions for the kick-off.',
                },
              ],
            },
            {
              name: 'Gather access and assets',
              description: 'Request logins, shared folders and brand files in a secure way.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Request tool access',
                  description: 'Ask the client to add you as a user rather than share passwords.',
                },
                { name: 'Create a shared folder', description: 'Set up a shared folder for files and deliverables.' },
              ],
            },
          ],
        },
        {
          name: 'Kick-Off',
          description: 'Align on goals, timeline and how you will work together.',
          tasks: [
            {
              name: 'Schedule the kick-off call',
              description: 'Book a 45 to 60-minute call with all key stakeholders.',
              due_in_days: 6,
              subtasks: [
                { name: 'Send the booking link', description: 'Offer three time slots within the next week.' },
                { name: 'Share the agenda', description: 'Send the agenda the day before the call.' },
              ],
            },
            {
              name: 'Run the kick-off call',
              description: 'Confirm goals, success measures, timeline, roles and communication rules.',
              due_in_days: 8,
              subtasks: [
                {
                  name: 'Confirm goals and success measures',
                  description: 'Agree what success looks like at 30 and at 90 days.',
                },
                { name: 'Walk through the timeline', description: 'Share the project plan and its key milestones.' },
                {
                  name: 'Agree communication rules',
                  description: 'Confirm the update channel, meeting cadence and response times.',
                },
              ],
            },
            {
              name: 'Send the kick-off summary',
              description: 'Send a written recap with decisions, next steps and owners.',
              due_in_days: 9,
              subtasks: [
                { name: 'Write the recap', description: 'Summarise the decisions, action items and dates.' },
                { name: 'Update the project plan', description: 'Adjust tasks and dates based on the call.' },
              ],
            },
          ],
        },
        {
          name: 'First Two Weeks',
          description: 'Deliver early value and confirm the client is happy.',
          tasks: [
            {
              name: 'Deliver a quick win',
              description: 'Complete one visible deliverable early in the engagement.',
              due_in_days: 12,
              subtasks: [
                { name: 'Pick the quick win', description: 'Choose a small, high-value deliverable from the plan.' },
                { name: 'Present the result', description: 'Share the result with a short explanation of its impact.' },
              ],
            },
            {
              name: 'Send the first weekly update',
              description: 'Send a short written update on progress, next steps and anything you need from the client.',
              due_in_days: 13,
              subtasks: [
                { name: 'Summarise progress', description: 'List what was completed this week against the plan.' },
                {
                  name: 'List client action items',
                  description: 'Note any approvals or information you are waiting on, with dates.',
                },
              ],
            },
            {
              name: 'Hold the two-week check-in',
              description: 'Ask the client how onboarding went and address any concerns.',
              due_in_days: 14,
              subtasks: [
                { name: 'Ask for feedback', description: 'Ask what is working well and what could be clearer.' },
                { name: 'Improve the template', description: 'Add any lessons learned to this onboarding checklist.' },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'client-offboarding-checklist',
    name: 'Client-Offboarding-Checklist',
    product_name: 'Client Offboarding Checklist',
    category: 'Process Checklists/Templates',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A checklist for ending a client engagement professionally, whether the project is complete or a retainer is ' +
      'winding down. It covers final deliverables, handover, access removal, final invoicing, feedback and staying ' +
      'in touch.\n\n' +
      'Good offboarding protects your reputation and your revenue: it produces testimonials and referrals, prevents ' +
      'security issues from leftover access, and leaves the door open for future work.\n\n' +
      'Start it ten days before the end date and complete it during the final week of the engagement.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Agencies, freelancers, consultants and virtual assistants wrapping up client projects or retainers.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Final delivery and handover steps</li>' +
      '<li>Access, data and billing close-out tasks</li>' +
      '<li>Feedback, testimonial and follow-up steps</li>' +
      '</ul>' +
      '<p><strong>3 sections, 9 tasks and 20 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>A clean, friendly end to every engagement, with final payment received, access removed and a testimonial ' +
      'or referral requested.</p>',
    links: [
      { type: 'IMAGE_LINK', link: 'client-offboarding-checklist', link_text: 'Client Offboarding Checklist cover' },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/client-offboarding-checklist.xlsx',
        link_text: 'Client Offboarding Checklist spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Final Delivery',
          description: 'Complete the work and hand it over clearly.',
          tasks: [
            {
              name: 'Confirm the remaining deliverables',
              description: 'Compare the work completed against the contract and list anything outstanding.',
              due_in_days: 1,
              subtasks: [
                {
                  name: 'Review the scope',
                  description: 'Check every contracted deliverable against the project plan.',
                },
                {
                  name: 'Agree the final items',
                  description: 'Confirm the last deliverables and their dates with the client in writing.',
                },
              ],
            },
            {
              name: 'Deliver the final work',
              description: 'Complete and deliver the outstanding items.',
              due_in_days: 4,
              subtasks: [
                { name: 'Complete outstanding tasks', description: 'Finish and quality-check the remaining items.' },
                {
                  name: 'Deliver in an organised folder',
                  description: 'Share the final files in a clearly structured folder.',
                },
              ],
            },
            {
              name: 'Prepare the handover document',
              description: 'Write a summary of what was done, where everything lives and the recommended next steps.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Summarise the work',
                  description: 'List the completed deliverables and the results achieved.',
                },
                {
                  name: 'Document where things live',
                  description: 'List the file locations and tools the client now owns.',
                },
                {
                  name: 'Add recommendations',
                  description: 'Suggest next steps for the client after the engagement ends.',
                },
              ],
            },
          ],
        },
        {
          name: 'Access and Data',
          description: 'Close out accounts and protect both sides.',
          tasks: [
            {
              name: 'Transfer asset ownership',
              description: 'Move ownership of accounts, files and domains to the client.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'Transfer file ownership',
                  description: "Move shared documents and folders into the client's account.",
                },
                {
                  name: 'Confirm admin rights',
                  description: 'Make sure the client is an admin on every tool used in the project.',
                },
              ],
            },
            {
              name: 'Remove your access',
              description: "Remove yourself and your team from the client's tools and systems.",
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Revoke team logins',
                  description: 'Remove access for every team member who worked on the account.',
                },
                { name: 'Log the access removal', description: 'Note the date each access was removed.' },
              ],
            },
            {
              name: 'Archive the project records',
              description: 'Archive the project in your tools and keep the records for your retention period.',
              due_in_days: 8,
              subtasks: [
                {
                  name: 'Archive the project',
                  description: 'Mark the project complete and archive it in your project tool.',
                },
                {
                  name: 'Store the key records',
                  description: 'Save the contract, invoices and sign-offs in the client folder.',
                },
              ],
            },
          ],
        },
        {
          name: 'Billing and Relationship',
          description: 'Get paid and keep the relationship warm.',
          tasks: [
            {
              name: 'Send the final invoice',
              description: 'Invoice any outstanding amounts and cancel recurring billing.',
              due_in_days: 8,
              subtasks: [
                { name: 'Issue the final invoice', description: 'Invoice any remaining fees or expenses.' },
                {
                  name: 'Cancel recurring billing',
                  description: 'Stop any future recurring invoices or subscriptions.',
                },
              ],
            },
            {
              name: 'Hold the wrap-up call',
              description: 'Review the results with the client and ask for honest feedback.',
              due_in_days: 9,
              subtasks: [
                { name: 'Review the results', description: 'Walk through the outcomes against the original goals.' },
                { name: 'Ask for feedback', description: 'Ask what went well and what could have been better.' },
              ],
            },
            {
              name: 'Request a testimonial and referrals',
              description: 'Ask happy clients for a testimonial and introductions.',
              due_in_days: 10,
              subtasks: [
                {
                  name: 'Request a testimonial',
                  description: 'Send two or three specific questions to make it easy to write.',
                },
                {
                  name: 'Ask for referrals',
                  description: 'Ask whether they know anyone who could benefit from your services.',
                },
                {
                  name: 'Schedule a 90-day check-in',
                  description: 'Set a reminder to check in with the client in 90 days.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'hiring-and-onboarding-checklist',
    name: 'Hiring-and-Onboarding-Checklist',
    product_name: 'Hiring and Onboarding Checklist',
    category: 'Process Checklists/Templates',
    active: false,
    free: false,
    price_cents: 2900,
    description:
      'A complete checklist for hiring and onboarding your next employee or long-term contractor, from writing the ' +
      'role scorecard to the 30-day review.\n\n' +
      'Small businesses often hire in a hurry and onboard by accident. This checklist gives you a simple, fair ' +
      'hiring process and a structured first month, so your new hire becomes productive quickly and stays.\n\n' +
      "Adjust the dates to your hiring timeline; the onboarding section starts on the new hire's first day.",
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Small business owners hiring their first or next employee, assistant or long-term contractor.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Role definition, job posting and structured interview steps</li>' +
      '<li>Offer, paperwork and pre-start preparation tasks</li>' +
      '<li>A first-day, first-week and first-month onboarding plan</li>' +
      '</ul>' +
      '<p><strong>4 sections, 12 tasks and 26 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>The right person hired through a consistent process and fully productive by the end of their first ' +
      'month.</p>',
    links: [
      {
        type: 'IMAGE_LINK',
        link: 'hiring-and-onboarding-checklist',
        link_text: 'Hiring and Onboarding Checklist cover',
      },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/hiring-and-onboarding-checklist.xlsx',
        link_text: 'Hiring and Onboarding Checklist spreadsheet',
      },
    ],
    plan: {
      sections: [
        {
          name: 'Define and Advertise the Role',
          description: 'Get clear on the role before you post it.',
          tasks: [
            {
              name: 'Write the role scorecard',
              description: "Describe the role's purpose, outcomes, key responsibilities and must-have skills.",
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Define the role outcomes',
                  description: 'Write the three to five results the role must deliver in the first year.',
                },
                {
                  name: 'List the must-have skills',
                  description: 'Separate the essential skills from the nice-to-haves.',
                },
              ],
            },
            {
              name: 'Write and post the job ad',
              description: 'Turn the scorecard into an ad and post it on relevant job boards and networks.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Write the job ad',
                  description: 'Describe the role, outcomes, pay range, hours and how to apply.',
                },
                { name: 'Post the ad', description: 'Publish it on two job boards and share it with your network.' },
              ],
            },
            {
              name: 'Screen the applications',
              description: 'Review applications against the scorecard and shortlist candidates.',
              due_in_days: 12,
              subtasks: [
                { name: 'Score each application', description: 'Rate each applicant against the must-have skills.' },
                {
                  name: 'Send screening questions',
                  description: 'Ask shortlisted candidates two or three short written questions.',
                },
              ],
            },
          ],
        },
        {
          name: 'Interview and Offer',
          description: 'Select the best candidate with a fair, consistent process.',
          tasks: [
            {
              name: 'Hold first interviews',
              description: 'Run structured interviews using the same questions for every candidate.',
              due_in_days: 16,
              subtasks: [
                {
                  name: 'Prepare the interview questions',
                  description: 'Write questions tied to each outcome on the scorecard.',
                },
                { name: 'Score the candidates', description: 'Rate each answer immediately after the interview.' },
              ],
            },
            {
              name: 'Run a paid work sample',
              description: 'Give the top candidates a short, paid task that reflects the real job.',
              due_in_days: 19,
              subtasks: [
                { name: 'Design the work sample', description: 'Create a two-hour task similar to the real work.' },
                {
                  name: 'Review the work samples',
                  description: 'Score the results against criteria you set in advance.',
                },
              ],
            },
            {
              name: 'Check references and make the offer',
              description: 'Check references and send a written offer to the chosen candidate.',
              due_in_days: 21,
              subtasks: [
                { name: 'Call two references', description: 'Ask about strengths, areas to develop and reliability.' },
                {
                  name: 'Send the offer letter',
                  description: 'Include the role, pay, start date, hours and key terms.',
                },
                {
                  name: 'Notify the other candidates',
                  description: 'Thank the unsuccessful candidates and close the process.',
                },
              ],
            },
          ],
        },
        {
          name: 'Prepare for Day One',
          description: 'Have everything ready before the new hire starts.',
          tasks: [
            {
              name: 'Complete the paperwork',
              description: 'Collect signed agreements, tax forms and payroll details.',
              due_in_days: 24,
              subtasks: [
                {
                  name: 'Collect signed agreements',
                  description: 'Get the employment or contractor agreement and the confidentiality agreement signed.',
                },
                { name: 'Set up payroll', description: 'Add the new hire to payroll or to your contractor payments.' },
              ],
            },
            {
              name: 'Set up tools and accounts',
              description: 'Create email, project tool and software accounts and prepare the equipment.',
              due_in_days: 26,
              subtasks: [
                {
                  name: 'Create the accounts',
                  description: 'Set up email, chat, project tool and file-sharing accounts.',
                },
                { name: 'Prepare the equipment', description: 'Order or set up the laptop and any other equipment.' },
              ],
            },
            {
              name: 'Plan the first week',
              description: 'Write a schedule of training, introductions and first tasks.',
              due_in_days: 27,
              subtasks: [
                {
                  name: 'Schedule introductions',
                  description: 'Book short meetings with key team members and contractors.',
                },
                { name: 'Prepare starter tasks', description: 'Prepare small tasks that build confidence early.' },
              ],
            },
          ],
        },
        {
          name: 'First 30 Days',
          description: 'Help the new hire become productive and confident.',
          tasks: [
            {
              name: 'Run the first day',
              description: "Welcome the new hire, walk through the tools and explain the first week's plan.",
              due_in_days: 28,
              subtasks: [
                {
                  name: 'Hold a welcome meeting',
                  description: 'Explain the business, clients, values and how the team works.',
                },
                {
                  name: 'Walk through the tools',
                  description: 'Show the project tool, SOP library and communication channels.',
                },
              ],
            },
            {
              name: 'Hold weekly one-to-ones',
              description: 'Meet weekly to review progress, answer questions and give feedback.',
              due_in_days: 42,
              subtasks: [
                { name: 'Review progress against the plan', description: 'Check the completed training and tasks.' },
                { name: 'Give specific feedback', description: 'Share what is going well and one thing to improve.' },
              ],
            },
            {
              name: 'Hold the 30-day review',
              description: 'Review performance against the scorecard and set goals for the next 60 days.',
              due_in_days: 58,
              subtasks: [
                { name: 'Review the scorecard', description: 'Discuss progress toward each role outcome.' },
                { name: 'Set 60-day goals', description: 'Agree the goals for the next two months.' },
                {
                  name: 'Collect onboarding feedback',
                  description: 'Ask the new hire how onboarding could be improved.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'getting-started-with-digital-project-planner',
    name: 'Getting-Started-with-Digital-Project-Planner',
    product_name: 'Getting Started with Digital Project Planner',
    category: 'Training',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A short training plan that gets you set up and getting value from Digital Project Planner in your first week. ' +
      'You will complete your profile, create your first plan with the AI planner, explore the template library and ' +
      'upload a plan into Asana, ClickUp or monday.com.\n\n' +
      'Each task matches a short training video in the members area, and the subtasks are the exact steps to follow, ' +
      'so you can work through it in a few 20-minute sessions.\n\n' +
      'If you get stuck, ask in the Facebook Community or bring your question to the next live Q&A call.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>New members and trial users who want to get set up quickly and create their first ready-to-run project ' +
      'plan.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>Account, task tool and community setup steps</li>' +
      '<li>A guided walkthrough of the AI planner from goal to task list</li>' +
      '<li>Steps to choose a template and upload a plan into your task tool</li>' +
      '</ul>' +
      '<p><strong>3 sections, 9 tasks and 19 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      '<p>Your first project plan created and running in your task tool within a week of joining.</p>',
    links: [
      {
        type: 'IMAGE_LINK',
        link: 'getting-started-with-digital-project-planner',
        link_text: 'Getting Started with Digital Project Planner cover',
      },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/getting-started-with-digital-project-planner.xlsx',
        link_text: 'Getting Started with Digital Project Planner spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://player.vimeo.com/video/90509568', link_text: 'viemo' },
      { type: 'SUPPORT_LINK', link: 'https://community.digitalprojectplanner.com', link_text: 'Facebook Community' },
      { type: 'SUPPORT_LINK', link: '/membership-area/facebook-community', link_text: 'submitQA' },
      { type: 'SUPPORT_LINK', link: '/membership-area/qa-calendar', link_text: 'CalendarQA' },
    ],
    plan: {
      sections: [
        {
          name: 'Set Up Your Account',
          description: 'Get your account, task tool and support channels ready.',
          tasks: [
            {
              name: 'Complete your profile',
              description: 'Log in, complete your profile and confirm your membership or trial is active.',
              due_in_days: 1,
              subtasks: [
                { name: 'Open the members area', description: 'Log in and check that you can see the Training menu.' },
                {
                  name: 'Update your profile',
                  description: 'Add your name and business details so your plans are tailored to you.',
                },
              ],
            },
            {
              name: 'Prepare your task tool',
              description: 'Decide which task tool you will upload plans into and make sure you have an account there.',
              due_in_days: 1,
              subtasks: [
                {
                  name: 'Choose your task tool',
                  description: 'Pick Asana, ClickUp or monday.com based on what your team already uses.',
                },
                {
                  name: 'Create a home for your plans',
                  description: 'Set up a workspace, space or board where uploaded projects will live.',
                },
              ],
            },
            {
              name: 'Join the community',
              description: 'Join the Facebook Community and note the date of the next live Q&A call.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'Join the Facebook Community',
                  description: 'Request access and introduce yourself and your business.',
                },
                { name: 'Check the Q&A calendar', description: 'Add the next live Q&A session to your calendar.' },
              ],
            },
          ],
        },
        {
          name: 'Create Your First AI Plan',
          description: 'Use the AI planner to turn a goal into a ready-to-run plan.',
          tasks: [
            {
              name: 'Write a SMART goal',
              description: 'Use the AI planner to turn your goal into a specific, measurable, time-bound goal.',
              due_in_days: 3,
              subtasks: [
                { name: 'Enter your goal', description: 'Describe what you want to achieve in your own words.' },
                {
                  name: 'Refine the SMART goal',
                  description: 'Review the suggested SMART goal and edit it until it feels right.',
                },
              ],
            },
            {
              name: 'Review the project recommendations',
              description: 'Look at the projects the planner recommends and select the ones to include.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Compare the recommendations',
                  description: 'Read each recommended project and its expected impact.',
                },
                {
                  name: 'Select your projects',
                  description: 'Keep the projects that fit your available time and budget.',
                },
              ],
            },
            {
              name: 'Generate the success plan and task list',
              description: 'Generate the success plan and task list, then adjust the tasks, dates and order.',
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Generate the task list',
                  description: 'Create the detailed task list from your success plan.',
                },
                {
                  name: 'Edit tasks and dates',
                  description: 'Rename, reorder or remove tasks and set realistic due dates.',
                },
              ],
            },
          ],
        },
        {
          name: 'Use Templates and Upload',
          description: 'Start from a ready-made template and move your plan into your task tool.',
          tasks: [
            {
              name: 'Explore the template library',
              description: 'Browse the templates and pick one that matches a project you are working on now.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'Browse free and premium templates',
                  description: 'Look through each category and read the template overviews.',
                },
                { name: 'Preview a template', description: 'Open a template page and review its sections and tasks.' },
              ],
            },
            {
              name: 'Upload a plan to your task tool',
              description: 'Upload your AI plan or a template into Asana, ClickUp or monday.com.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'Authorise your task tool',
                  description: 'Connect your account when prompted during the upload.',
                },
                {
                  name: 'Choose the destination',
                  description: 'Pick the workspace, team or board for the new project.',
                },
                {
                  name: 'Check the uploaded project',
                  description: 'Confirm the sections, tasks, subtasks and due dates look right.',
                },
              ],
            },
            {
              name: 'Plan your first week of work',
              description: 'Assign owners and schedule the first tasks so the plan starts moving.',
              due_in_days: 7,
              subtasks: [
                { name: 'Assign task owners', description: 'Assign each task in your task tool to a team member.' },
                {
                  name: 'Book your first weekly review',
                  description: 'Schedule a 30-minute weekly review to keep the plan on track.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
  {
    slug: 'how-to-run-a-weekly-planning-review',
    name: 'How-to-Run-a-Weekly-Planning-Review',
    product_name: 'How to Run a Weekly Planning Review',
    category: 'Training',
    active: true,
    free: true,
    price_cents: 0,
    description:
      'A training plan that teaches a simple, repeatable weekly planning review: a 30 to 45-minute session where you ' +
      'clear your inputs, review your projects, check your numbers and plan the week ahead.\n\n' +
      'The weekly review is the habit that keeps every other plan in the library alive. Without it, plans drift; ' +
      'with it, you catch slipping tasks early and start each week knowing exactly what matters most.\n\n' +
      'Work through the training once, then reuse the final section as a recurring weekly task in your project tool.',
    overview:
      "<h3>Who it's for</h3>" +
      '<p>Members who want a reliable weekly routine to keep their projects, tasks and priorities under control.</p>' +
      '<h3>What you get</h3>' +
      '<ul>' +
      '<li>A step-by-step weekly review agenda</li>' +
      '<li>Guidance on reviewing projects, calendars and scorecards</li>' +
      '<li>A reusable weekly planning checklist for your task tool</li>' +
      '</ul>' +
      '<p><strong>3 sections, 9 tasks and 18 subtasks</strong> with descriptions and due dates, ready to upload to ' +
      'Asana, ClickUp or monday.com.</p>' +
      '<h3>The outcome</h3>' +
      "<p>A weekly review habit that keeps every plan on track and makes each week's priorities obvious.</p>",
    links: [
      {
        type: 'IMAGE_LINK',
        link: 'how-to-run-a-weekly-planning-review',
        link_text: 'How to Run a Weekly Planning Review cover',
      },
      {
        type: 'TEMPLATE_LINK',
        link: '/downloads/templates/how-to-run-a-weekly-planning-review.xlsx',
        link_text: 'How to Run a Weekly Planning Review spreadsheet',
      },
      { type: 'VIDEO_LINK', link: 'https://player.vimeo.com/video/59777392', link_text: 'viemo' },
      { type: 'SUPPORT_LINK', link: 'https://community.digitalprojectplanner.com', link_text: 'Facebook Community' },
      { type: 'SUPPORT_LINK', link: '/membership-area/facebook-community', link_text: 'submitQA' },
      { type: 'SUPPORT_LINK', link: '/membership-area/qa-calendar', link_text: 'CalendarQA' },
    ],
    plan: {
      sections: [
        {
          name: 'Get Clear',
          description: 'Empty your inboxes and capture every loose end.',
          tasks: [
            {
              name: 'Choose your review time',
              description: 'Pick a fixed 45-minute slot each week, ideally Friday afternoon or Monday morning.',
              due_in_days: 1,
              subtasks: [
                {
                  name: 'Book a recurring slot',
                  description: 'Add the weekly review to your calendar as a recurring event.',
                },
                {
                  name: 'Prepare your review space',
                  description: 'Close email and chat so you can focus for the whole session.',
                },
              ],
            },
            {
              name: 'Clear your inboxes',
              description: 'Process email, notes and messages into tasks or reference material.',
              due_in_days: 1,
              subtasks: [
                { name: 'Process email to zero', description: 'Turn action emails into tasks and archive the rest.' },
                {
                  name: 'Collect loose notes',
                  description: 'Gather paper notes, voice memos and screenshots into your task tool.',
                },
              ],
            },
            {
              name: 'Do a brain dump',
              description: 'Write down every open loop, idea and worry so nothing is stuck in your head.',
              due_in_days: 2,
              subtasks: [
                {
                  name: 'List your open loops',
                  description: 'Write down everything you have promised or are waiting on.',
                },
                { name: 'Turn loops into tasks', description: 'Give each open loop a task with a clear next action.' },
              ],
            },
          ],
        },
        {
          name: 'Get Current',
          description: 'Review your projects, calendar and numbers.',
          tasks: [
            {
              name: 'Review active projects',
              description: "Check every active project's status, next task and due dates.",
              due_in_days: 3,
              subtasks: [
                { name: 'Update task statuses', description: 'Mark finished tasks complete and note any blockers.' },
                {
                  name: 'Confirm next actions',
                  description: 'Make sure every project has at least one scheduled next task.',
                },
              ],
            },
            {
              name: 'Review the calendar',
              description: 'Look back at last week and ahead two weeks for commitments and preparation.',
              due_in_days: 4,
              subtasks: [
                { name: 'Review last week', description: "Note any follow-ups from last week's meetings and calls." },
                {
                  name: 'Review the next two weeks',
                  description: 'Add preparation tasks for upcoming meetings and deadlines.',
                },
              ],
            },
            {
              name: 'Update your scorecard',
              description: "Record this week's key numbers and compare them with your targets.",
              due_in_days: 4,
              subtasks: [
                {
                  name: 'Enter the weekly metrics',
                  description: 'Update your leads, sales, delivery and cash numbers.',
                },
                {
                  name: 'Flag off-track metrics',
                  description: 'Highlight any number below target so you can act on it.',
                },
              ],
            },
          ],
        },
        {
          name: 'Plan the Week',
          description: 'Decide what matters most this week and protect time for it.',
          tasks: [
            {
              name: 'Choose weekly priorities',
              description: 'Pick the three outcomes that would make this week a success.',
              due_in_days: 5,
              subtasks: [
                {
                  name: 'List candidate priorities',
                  description: 'Review your goals and projects for the most important outcomes.',
                },
                {
                  name: 'Commit to the top three',
                  description: 'Choose three priorities and write them where you will see them daily.',
                },
              ],
            },
            {
              name: 'Time-block the week',
              description: 'Schedule focused time for your priorities before the week fills up.',
              due_in_days: 6,
              subtasks: [
                {
                  name: 'Block deep-work sessions',
                  description: 'Book calendar time for each of the three priorities.',
                },
                { name: 'Batch admin time', description: 'Group email and admin into fixed slots each day.' },
              ],
            },
            {
              name: 'Make the review a recurring task',
              description: 'Save the review agenda as a recurring task in your project tool.',
              due_in_days: 7,
              subtasks: [
                {
                  name: 'Create the recurring task',
                  description: 'Add the weekly review with this checklist as its subtasks.',
                },
                {
                  name: 'Share the routine with your team',
                  description: 'Invite team members to run their own weekly review.',
                },
              ],
            },
          ],
        },
      ],
    },
  },
];
