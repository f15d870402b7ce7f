import { Link } from 'react-router';
import { env } from '../../config/env';
import { EmailLink } from '../../shared/email-actions';
import { Paragraph, Text, Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage, StaticSection } from './static-page-layout';

const PAGE_TITLE = 'Terms of Use';

/** /terms-of-use: the complete terms of use of the service. */
export function TermsOfUsePage() {
  useDocumentTitle(PAGE_TITLE);

  return (
    <StaticPage
      title={PAGE_TITLE}
      intro={
        <>
          Please read these Terms of Use carefully. They explain your rights and obligations when you use Digital
          Project Planner, and they contain a binding arbitration clause and a waiver of class actions.
        </>
      }
    >
      <Paragraph>
        <Text strong>Last updated: November 1, 2026</Text>
      </Paragraph>

      <StaticSection id="acceptance" title="1. Acceptance of These Terms">
        <Paragraph>
          These Terms of Use (the “Terms”) form a binding agreement between you and {env.COMPANY_NAME} (“Digital Project
          Planner”, “we”, “us” or “our”). They govern your access to and use of our website, the AI planner, the library
          of project plan templates, the members and course areas, our integrations with work management tools, and
          every related feature, content and service we provide (together, the “Service”).
        </Paragraph>
        <Paragraph>
          By creating an account, starting a free trial, purchasing a membership or a template, redeeming a
          lifetime-deal code, or otherwise using the Service, you confirm that you have read, understood and agree to be
          bound by these Terms and by our <Link to="/privacy-policy">Privacy Policy</Link>, which is incorporated into
          these Terms by reference. If you do not agree, you must not use the Service.
        </Paragraph>
        <Paragraph>
          If you use the Service on behalf of a company or another organisation, you represent that you have the
          authority to bind that organisation to these Terms, and “you” refers to both you and that organisation.
        </Paragraph>
      </StaticSection>

      <StaticSection id="account-usage" title="2. Account Usage">
        <Paragraph>
          You must be at least 18 years old, and able to form a binding contract under the laws that apply to you, to
          create an account or use the Service. By using the Service you represent that you meet this requirement. We do
          not knowingly allow anyone under 18 to register.
        </Paragraph>
        <Paragraph>
          You agree to provide accurate, current and complete information when you register and to keep it up to date.
          You are responsible for keeping your password and any other credentials confidential, for every activity that
          happens under your account, and for notifying us immediately at <EmailLink /> if you suspect any unauthorised
          access or use.
        </Paragraph>
        <Paragraph>
          Every membership is for a single user. An account, and the membership, credits and content attached to it, may
          be used only by the person who registered it. You may not share your login, let several people use one
          account, or transfer, sell or sublicense your account to anyone else. We may suspend or close accounts that we
          reasonably believe are shared or were created with false information.
        </Paragraph>
        <Paragraph>
          You are responsible for the devices, internet connection and third-party accounts (such as your work
          management tool) that you use to access the Service, and for any fees those third parties charge.
        </Paragraph>
      </StaticSection>

      <StaticSection id="memberships" title="3. Memberships, Free Trials and Purchases">
        <Paragraph>
          The Service is offered through memberships, which currently include Essential (free), Growth and Premium, as
          well as Pro, Premium and Partner tiers for AI usage and any other tier we offer from time to time. The
          features, limits and price of each membership are shown on our pricing page or in your order at the time of
          purchase. Premium memberships include access to a private community and expert insights for as long as the
          membership is active.
        </Paragraph>
        <Paragraph>
          We may offer a 7-day free trial, which does not require a credit card. When the trial ends, your access to
          paid features stops unless you subscribe to a paid membership. If you chose to enter a card when starting a
          trial, that card is charged automatically for the membership you selected when the trial ends, unless you
          cancel before then. Free trials are limited to one per person.
        </Paragraph>
        <Paragraph>
          Paid memberships renew automatically at the end of each billing period (monthly or yearly, as shown at
          purchase) until cancelled. You can cancel from your account page or by contacting support; cancellation takes
          effect at the end of the current billing period. A paid membership cannot be cancelled during its first two
          months. Individual templates may also be sold for a one-time price, which gives you access to that template
          only and does not include a membership.
        </Paragraph>
        <Paragraph>
          Lifetime-deal codes, including codes purchased through AppSumo or other partners, are subject to the terms of
          the offer under which they were sold and to these Terms. A code may be redeemed only once, is tied to the
          account that redeemed it, and gives access to the plan named in the offer for the life of the Service.
          “Lifetime” refers to the lifetime of the Service and of the plan as offered, not of the purchaser.
        </Paragraph>
        <Paragraph>
          We may change our memberships, features and prices. Price changes for an existing paid membership take effect
          at the start of your next billing period after we have given you reasonable advance notice.
        </Paragraph>
      </StaticSection>

      <StaticSection id="payment-authorization" title="4. Payment Authorization">
        <Paragraph>
          By providing a payment method, you authorise us and our payment processors (such as Stripe and PayPal) to
          charge that payment method for every amount due under your order: the membership fee at the start of each
          billing period, one-time template purchases, AI credit overages, and any applicable taxes. This authorisation
          remains in effect until you cancel your membership and all amounts due have been paid.
        </Paragraph>
        <Paragraph>
          You represent that you are authorised to use the payment method you provide and that the billing information
          is accurate. You agree to keep your payment details up to date. If a payment fails, we may retry the charge,
          suspend paid features until payment is received, or cancel the membership.
        </Paragraph>
        <Paragraph>
          All prices are in United States dollars unless stated otherwise and exclude taxes, which are added where
          required by law. Your bank may charge currency conversion or foreign transaction fees, which are your
          responsibility.
        </Paragraph>
      </StaticSection>

      <StaticSection id="no-refunds" title="5. No-Refund Policy">
        <Paragraph>
          All sales are final. Because our templates, AI-generated plans and member content are digital products
          delivered immediately, we do not offer refunds, credits or exchanges for membership fees, one-time template
          purchases, AI credit overages, lifetime-deal codes or any other purchase, in whole or in part.
        </Paragraph>
        <Paragraph>
          This applies to partially used billing periods, unused AI credits, unused templates, accounts that were not
          used after purchase, downgrades and cancellations. When you cancel, you keep access to the paid features until
          the end of the billing period you have already paid for. Please use the free Essential membership or the free
          trial to evaluate the Service before you buy.
        </Paragraph>
        <Paragraph>
          Nothing in this section limits any right to a refund that you cannot waive under the law that applies to you.
        </Paragraph>
      </StaticSection>

      <StaticSection id="chargebacks" title="6. Chargebacks">
        <Paragraph>
          If you believe you were charged in error, contact us at <EmailLink subject="Billing Question" /> first. We
          review every billing question promptly and will correct any genuine error.
        </Paragraph>
        <Paragraph>
          If you start a chargeback or payment dispute with your bank or card issuer for a charge that was authorised
          under these Terms, you agree to reimburse us, within 10 days of our written request, the full amount of the
          disputed charge together with any chargeback fees, bank fees and reasonable collection costs we incur.
        </Paragraph>
        <Paragraph>
          While a chargeback or dispute is open, or if reimbursement is not received within 10 days, we may suspend or
          close your account, revoke access to purchased templates and lifetime-deal plans, and refuse future purchases.
          We may also provide the payment processor with the records of your use of the Service.
        </Paragraph>
      </StaticSection>

      <StaticSection id="ai-credits" title="7. AI Features and AI Credits Pricing">
        <Paragraph>
          The AI planner and other AI features consume AI credits. An AI credit is a unit that measures the processing
          needed to answer a request, based on the amount of text sent to and generated by the AI model. The usage shown
          in your account is the authoritative record of the credits you have used.
        </Paragraph>
        <Paragraph>Each membership tier includes a monthly allowance of AI credits:</Paragraph>
        <ul>
          <li>Pro: 50,000 AI credits per month;</li>
          <li>Premium: 100,000 AI credits per month;</li>
          <li>Partner: a custom allowance agreed in writing with each Partner;</li>
          <li>other memberships and trials: the allowance shown on the pricing page at the time of purchase.</li>
        </ul>
        <Paragraph>
          Allowances reset at the start of each monthly billing period. Unused credits do not roll over, cannot be
          transferred and have no cash value. Usage above your allowance (overage) is charged at the overage rate shown
          in your account or on our pricing page at the time of use and billed to your payment method on file. Instead
          of charging overage, we may ask you to confirm before further usage or to upgrade your membership.
        </Paragraph>
        <Paragraph>
          AI output is generated automatically and may be inaccurate, incomplete or unsuitable for your situation. It is
          not legal, financial, tax or other professional advice. You are responsible for reviewing every plan, goal and
          task before relying on it.
        </Paragraph>
      </StaticSection>

      <StaticSection id="ai-provider-updates" title="8. AI Provider Updates">
        <Paragraph>
          Our AI features rely on models and services supplied by third-party AI providers. Those providers regularly
          update, replace or retire their models, change their pricing and change their usage policies. As a result, the
          quality, style, speed and availability of AI output may change over time, and the same input may produce
          different results at different times.
        </Paragraph>
        <Paragraph>
          We may change the AI providers and models we use, adjust the number of credits a request consumes to reflect
          our providers’ costs, or modify or limit AI features to comply with a provider’s policies, without liability
          to you. We will give reasonable notice of changes that materially reduce the AI features of a paid membership.
        </Paragraph>
      </StaticSection>

      <StaticSection id="third-party-integrations" title="9. Third-Party Integrations">
        <Paragraph>
          The Service lets you upload plans into third-party work management tools, currently Asana, ClickUp and
          monday.com, and uses other third-party services such as payment processors, sign-in providers, video hosts and
          scheduling pages. These services are operated by independent companies and are governed by their own terms and
          privacy policies, which you are responsible for reviewing and accepting.
        </Paragraph>
        <Paragraph>
          When you connect a third-party account, you authorise us to access that account on your behalf, within the
          permissions you grant, for the purpose of creating your projects, sections and tasks. You must have the right
          to use the workspace and teams you select, and you are responsible for the content created there. You can
          revoke our access at any time in the settings of the third-party tool.
        </Paragraph>
        <Paragraph>
          We do not control and are not responsible for third-party services, including their availability, security,
          data handling, limits or changes, or for any loss or damage caused by them. Mentioning a third-party service
          does not mean that it endorses us or that we endorse it.
        </Paragraph>
      </StaticSection>

      <StaticSection id="integration-discontinuation" title="10. Discontinuation of Integrations">
        <Paragraph>
          Integrations depend on the interfaces, permissions and policies of the third parties that provide them. A
          third party may change or withdraw its interface, restrict our access or change its terms at any time, and we
          may decide that continuing an integration is no longer technically or commercially reasonable.
        </Paragraph>
        <Paragraph>
          We may therefore modify, suspend or discontinue any integration, in whole or in part, at any time. Where
          possible we will give advance notice and suggest an alternative, such as another supported tool. The
          discontinuation of an integration does not entitle you to a refund, credit or other compensation, and plans
          already uploaded to your tool remain in your tool.
        </Paragraph>
      </StaticSection>

      <StaticSection id="prohibited-uses" title="11. Prohibited Uses">
        <Paragraph>You agree not to use the Service, and not to help or allow anyone else, to:</Paragraph>
        <ul>
          <li>
            break any law or regulation, or infringe the rights of others, including intellectual property rights;
          </li>
          <li>share your account, resell access to the Service or use it to provide a competing product or service;</li>
          <li>copy, scrape, bulk-download or systematically extract templates, courses or other content;</li>
          <li>
            reverse engineer, decompile or try to discover the source code, models or prompts of the Service, except
            where the law expressly allows it;
          </li>
          <li>
            bypass or interfere with security features, usage limits, AI credit metering or access controls, or probe,
            scan or test the vulnerability of the Service;
          </li>
          <li>send malware, spam, or harmful, abusive, defamatory, obscene or discriminatory content;</li>
          <li>
            use the AI features to generate content that is unlawful, deceptive, harassing or that violates the usage
            policies of our AI providers;
          </li>
          <li>overload the Service with automated requests or use bots, except through interfaces we provide;</li>
          <li>impersonate any person or misrepresent your affiliation with any person or organisation.</li>
        </ul>
        <Paragraph>
          We may investigate suspected violations and take any action described in the section Breaches of These Terms
          below.
        </Paragraph>
      </StaticSection>

      <StaticSection id="content-resale" title="12. Content Resale">
        <Paragraph>
          Templates, courses, videos, AI prompts and other content we provide (“Our Content”) are licensed, not sold.
          Subject to these Terms and to payment of any applicable fees, we grant you a limited, non-exclusive,
          non-transferable, revocable licence to use Our Content, and the plans you create with it, to plan and run the
          projects of your own business.
        </Paragraph>
        <Paragraph>
          If you are a consultant, coach, fractional executive, integrator, project manager, online business manager or
          virtual assistant, you may also use the plans you create to deliver services to your own clients, provided
          that you upload them into your clients’ tools yourself as part of that work and do not hand over Our Content
          as a standalone product.
        </Paragraph>
        <Paragraph>
          You may not sell, resell, license, sublicense, rent, give away, publish or otherwise distribute Our Content,
          whether as it is or modified, including as part of a template library, course, membership, marketplace
          listing, download bundle or software product. Resale or redistribution rights beyond this section are
          available only under a written agreement with us, such as a Partner agreement.
        </Paragraph>
      </StaticSection>

      <StaticSection id="intellectual-property" title="13. Intellectual Property">
        <Paragraph>
          The Service and Our Content, including software, design, text, graphics, logos, trademarks, templates, videos
          and the selection and arrangement of all of these, are owned by {env.COMPANY_NAME} or its licensors and are
          protected by copyright, trademark and other laws. Except for the licence granted in these Terms, no right,
          title or interest is transferred to you.
        </Paragraph>
        <Paragraph>
          You keep ownership of the information you enter into the Service, such as your business answers, goals and
          edits (“Your Content”). You grant us a worldwide, non-exclusive, royalty-free licence to host, copy, process
          and transmit Your Content as needed to provide, secure and support the Service, including to send it to our AI
          providers and to the work management tools you connect. Subject to our rights in Our Content, plans generated
          for you may be used by you under the licence described in these Terms.
        </Paragraph>
        <Paragraph>
          If you send us feedback or suggestions, we may use them freely without any obligation to you. You may not use
          our name, logo or trademarks without our prior written permission.
        </Paragraph>
        <Paragraph>
          We respect the intellectual property of others. If you believe content on the Service infringes your rights,
          send a notice to <EmailLink subject="Intellectual Property Notice" /> with enough detail for us to identify
          the content and contact you.
        </Paragraph>
      </StaticSection>

      <StaticSection id="content-retention" title="14. Content Retention and Opt-Out">
        <Paragraph>
          We retain Your Content, the plans generated for you and records of your use of the Service for as long as your
          account is active, so that you can come back to your plans, upload them again and receive support. We may also
          use this content, in de-identified or aggregated form, to improve our templates, prompts and AI features.
        </Paragraph>
        <Paragraph>
          You may opt out of the use of Your Content for improving the Service at any time by writing to{' '}
          <EmailLink subject="Content Retention Opt-Out" /> from the e-mail address of your account. The opt-out takes
          effect for content processed after we confirm it and does not affect the Service you receive.
        </Paragraph>
        <Paragraph>
          When you close your account, or ask us to delete Your Content, we delete or anonymise it within a reasonable
          period, except where we must keep it to comply with the law, resolve disputes, prevent fraud or enforce these
          Terms. Copies may remain in backups for a limited time until they are overwritten. Content you have already
          uploaded to a third-party tool is not affected and must be deleted in that tool.
        </Paragraph>
      </StaticSection>

      <StaticSection id="affiliate-disclosure" title="15. Affiliate Disclosure">
        <Paragraph>
          Some links on our website, in our templates, courses and e-mails are affiliate links, including links to work
          management tools and other software we recommend. If you buy through such a link, we may earn a commission at
          no additional cost to you. We only recommend products we believe are useful to our members, and affiliate
          relationships do not influence our plans or the AI output.
        </Paragraph>
        <Paragraph>
          We also run an affiliate program for people who refer customers to us. Affiliates must clearly disclose their
          relationship with us in accordance with the law and the guidelines of the U.S. Federal Trade Commission, must
          not use misleading claims, spam or paid search on our brand, and are subject to the affiliate program terms.
          Affiliates can contact our support team at <EmailLink subject="Affiliate Question" />.
        </Paragraph>
      </StaticSection>

      <StaticSection id="product-defects" title="16. Product Defects and Disclaimer of Warranties">
        <Paragraph>
          We work hard to keep the Service reliable, but software can contain defects. If you find an error in a
          template, an upload that does not work as described or any other defect, please report it to{' '}
          <EmailLink subject="Product Defect Report" /> with enough detail for us to reproduce it. We will make
          commercially reasonable efforts to correct confirmed defects within a reasonable time. Correcting or working
          around the defect is your sole remedy for a defect in the Service.
        </Paragraph>
        <Paragraph>
          To the maximum extent permitted by law, the Service, Our Content and all AI output are provided “as is” and
          “as available”, without warranties of any kind, express or implied, including warranties of merchantability,
          fitness for a particular purpose, title, non-infringement, accuracy and uninterrupted or error-free operation.
          We do not promise that any plan will achieve a particular business result.
        </Paragraph>
        <Title level={3}>Limitation of Liability</Title>
        <Paragraph>
          To the maximum extent permitted by law, {env.COMPANY_NAME}, its owners, employees, contractors and partners
          will not be liable for any indirect, incidental, special, consequential, exemplary or punitive damages, or for
          any loss of profits, revenue, data, goodwill or business opportunities, arising from or related to the
          Service, even if we were advised of the possibility of such damages.
        </Paragraph>
        <Paragraph>
          Our total liability for all claims arising from or related to the Service or these Terms is limited to the
          amount you paid us in the 12 months before the event giving rise to the claim, or US$100 if you have not paid
          us anything. Some jurisdictions do not allow certain limitations, so some of these limits may not apply to
          you.
        </Paragraph>
        <Title level={3}>Indemnification</Title>
        <Paragraph>
          You agree to defend, indemnify and hold harmless {env.COMPANY_NAME} and its owners, employees and contractors
          from any claims, damages, losses and expenses, including reasonable legal fees, arising from Your Content,
          your use of the Service, or your breach of these Terms or of any law or third-party right.
        </Paragraph>
      </StaticSection>

      <StaticSection id="breaches" title="17. Breaches of These Terms">
        <Paragraph>
          If we reasonably believe that you have breached these Terms, including the rules on account usage, prohibited
          uses, content resale or payment, we may, with or without notice and without liability to you:
        </Paragraph>
        <ul>
          <li>remove or disable access to content;</li>
          <li>limit, suspend or terminate your access to the Service or to any feature, including AI features;</li>
          <li>cancel your membership, lifetime-deal plan or purchases without a refund;</li>
          <li>take legal action, including seeking an injunction and the recovery of damages and costs.</li>
        </ul>
        <Paragraph>
          Where the breach can be remedied and does not put the Service, other users or us at risk, we will usually ask
          you to correct it first. Sections that by their nature should survive termination, including those on payment,
          intellectual property, content resale, disclaimers, limitation of liability, indemnification and arbitration,
          survive any termination of these Terms. You may stop using the Service at any time.
        </Paragraph>
      </StaticSection>

      <StaticSection id="arbitration" title="18. Dispute Resolution and Arbitration">
        <Paragraph>
          Please read this section carefully: it affects how disputes are resolved. Before starting any formal
          proceeding, you agree to contact us at <EmailLink subject="Dispute Notice" /> with a description of the
          dispute and the relief you seek, and to try in good faith to resolve it informally for at least 30 days.
        </Paragraph>
        <Paragraph>
          Any dispute, claim or controversy arising from or relating to these Terms or the Service that is not resolved
          informally will be settled by binding individual arbitration administered by the American Arbitration
          Association under its applicable rules, before a single arbitrator. Judgment on the award may be entered in
          any court of competent jurisdiction. Either party may instead bring an individual claim in small claims court
          if it qualifies, or seek an injunction to protect its intellectual property.
        </Paragraph>
        <Paragraph>
          For claims in which the total amount in dispute is $25,000 or less, the arbitration will be conducted solely
          on the basis of written submissions, unless the arbitrator decides that a hearing is necessary. For claims
          above $25,000, the hearing will take place in the State of Missouri, or by video conference if both parties
          agree. Each party bears its own legal fees unless the arbitrator decides otherwise under the applicable rules
          or law.
        </Paragraph>
        <Paragraph>
          You and we agree that claims may be brought only on an individual basis, and not as a plaintiff or class
          member in any purported class, collective or representative proceeding. The arbitrator may not consolidate
          claims of more than one person.
        </Paragraph>
        <Paragraph>
          Any claim arising from or relating to these Terms or the Service must be filed within 1 year after the claim
          arose; otherwise, the claim is permanently barred, to the extent permitted by law.
        </Paragraph>
      </StaticSection>

      <StaticSection id="others" title="19. Others">
        <Title level={3}>Governing Law</Title>
        <Paragraph>
          These Terms and any dispute arising from them or from the Service are governed by the laws of the State of
          Missouri, United States, without regard to its conflict-of-law rules. Subject to the arbitration section, the
          state and federal courts located in Missouri have exclusive jurisdiction, and you consent to their
          jurisdiction.
        </Paragraph>
        <Title level={3}>Changes to These Terms</Title>
        <Paragraph>
          We may update these Terms from time to time. We will post the new version on this page with a new “Last
          updated” date and, for material changes, notify you by e-mail or in the Service before they take effect. If
          you keep using the Service after the changes take effect, you accept the updated Terms.
        </Paragraph>
        <Title level={3}>Changes to the Service</Title>
        <Paragraph>
          We may add, change or remove features of the Service, and we may suspend the Service for maintenance. We are
          not liable for delays or failures caused by events beyond our reasonable control, such as outages of hosting,
          AI or integration providers, natural disasters, strikes or acts of government.
        </Paragraph>
        <Title level={3}>General</Title>
        <Paragraph>
          These Terms, together with the Privacy Policy and any order or Partner agreement, are the entire agreement
          between you and us about the Service. If any provision is found unenforceable, it will be limited to the
          minimum extent necessary and the rest will remain in effect. Our failure to enforce a right is not a waiver of
          it. You may not assign these Terms without our written consent; we may assign them in connection with a
          merger, acquisition or sale of assets. Nothing in these Terms creates a partnership, agency or employment
          relationship. Notices to you may be sent to the e-mail address of your account.
        </Paragraph>
        <Title level={3}>Contact</Title>
        <Paragraph>
          Questions about these Terms can be sent to <EmailLink subject="Terms of Use Question" /> or by mail to{' '}
          {env.COMPANY_NAME}, {env.COMPANY_ADDRESS}.
        </Paragraph>
      </StaticSection>
    </StaticPage>
  );
}
