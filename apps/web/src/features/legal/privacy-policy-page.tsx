import { Link } from 'react-router';
import { env } from '../../config/env';
import { EmailLink } from '../../shared/email-actions';
import { Paragraph, Text, Title } from '../../shared/prose';
import { useDocumentTitle } from '../../shared/use-document-title';
import { StaticPage, StaticSection } from './static-page-layout';

const PAGE_TITLE = 'Privacy Policy';

/** /privacy-policy: the complete privacy policy, in exactly 12 sections. */
export function PrivacyPolicyPage() {
  useDocumentTitle(PAGE_TITLE);

  return (
    <StaticPage
      title={PAGE_TITLE}
      intro={
        <>
          Your privacy matters to us. This Privacy Policy explains what personal information Digital Project Planner
          collects, how we use and share it, and the choices and rights you have.
        </>
      }
    >
      <Paragraph>
        <Text strong>Last updated: November 1, 2026</Text>
      </Paragraph>

      <StaticSection id="general" title="1. General Information">
        <Paragraph>
          This Privacy Policy applies to the website, web application, AI planner, template library, members area and
          related services operated by {env.COMPANY_NAME} (“Digital Project Planner”, “we”, “us” or “our”) (together,
          the “Service”). {env.COMPANY_NAME} is the controller of the personal information described in this policy.
        </Paragraph>
        <Paragraph>
          By using the Service you acknowledge that you have read this Privacy Policy. It should be read together with
          our <Link to="/terms-of-use">Terms of Use</Link>. Words defined in the Terms of Use have the same meaning
          here. This policy does not apply to third-party websites or tools, such as Asana, ClickUp or monday.com, even
          when you reach them through the Service; their own privacy policies apply.
        </Paragraph>
        <Paragraph>
          We process personal information only where we have a valid reason to do so: to perform our contract with you,
          to comply with legal obligations, for our legitimate interests in running, securing and improving the Service
          where those interests are not overridden by your rights, or with your consent, which you can withdraw at any
          time.
        </Paragraph>
      </StaticSection>

      <StaticSection id="collection" title="2. Information We Collect and How We Use It">
        <Title level={3}>Information you give us</Title>
        <ul>
          <li>
            Account information: your first and last name, e-mail address, password (stored only in a securely hashed
            form), country and phone number if you provide them.
          </li>
          <li>
            Planning content: your answers to the AI planner’s questions, your goals, the projects, success plans and
            tasks generated for you, and any edits you make.
          </li>
          <li>
            Purchase information: the membership or templates you buy, lifetime-deal codes you redeem, and your billing
            details. Card numbers are entered directly with our payment processors (Stripe and PayPal); we never see or
            store your full card number.
          </li>
          <li>
            Communications: messages you send to support, questions submitted in the members area, feedback and survey
            answers, and bookings for live Q&amp;A calls.
          </li>
        </ul>
        <Title level={3}>Information collected automatically</Title>
        <ul>
          <li>
            Usage and device data: pages visited, features used, AI credits consumed, uploads started and completed,
            browser type, operating system, IP address, approximate location derived from it, and time stamps.
          </li>
          <li>Cookies and similar technologies, as described in the Cookies section below.</li>
        </ul>
        <Title level={3}>Information from third parties</Title>
        <ul>
          <li>
            Sign-in providers: if you sign in with Google or Facebook, we receive your name, e-mail address and, where
            available, profile picture, according to the permissions you grant.
          </li>
          <li>
            Work management tools: when you connect Asana, ClickUp or monday.com, we receive access tokens and the names
            of the workspaces, teams and projects needed to upload your plan.
          </li>
          <li>
            Partners: lifetime-deal partners such as AppSumo and our affiliates may tell us that you purchased a code or
            were referred by them.
          </li>
        </ul>
        <Title level={3}>How we use information</Title>
        <Paragraph>
          We use personal information to create and manage your account; provide the AI planner, templates and uploads;
          process payments, trials and renewals; send service messages such as account verification, password reset and
          receipts; answer support requests; measure AI credit usage; prevent fraud and abuse; improve the Service;
          comply with legal obligations; and, where permitted, send you news and offers. You can unsubscribe from
          marketing e-mails at any time with the link in each message.
        </Paragraph>
      </StaticSection>

      <StaticSection id="cookies" title="3. Cookies and Similar Technologies">
        <Paragraph>
          Cookies are small text files stored by your browser. We and our service providers use cookies and similar
          technologies, such as local storage and pixels, for the following purposes:
        </Paragraph>
        <ul>
          <li>Strictly necessary: keeping you signed in, securing your session and remembering your choices.</li>
          <li>Functional: remembering your preferences, such as your selected country or plan.</li>
          <li>Analytics: understanding how the Service is used so that we can improve it.</li>
          <li>Referral and marketing: attributing sign-ups to affiliates and measuring our campaigns.</li>
        </ul>
        <Paragraph>
          You can block or delete cookies in your browser settings. Blocking strictly necessary cookies or local storage
          may prevent you from signing in or using parts of the Service. Where the law requires consent for
          non-essential cookies, we ask for it before setting them.
        </Paragraph>
      </StaticSection>

      <StaticSection id="sharing" title="4. How We Share Information">
        <Paragraph>
          We do not sell your personal information, and we do not share it for cross-context behavioural advertising. We
          share personal information only as follows:
        </Paragraph>
        <ul>
          <li>
            Service providers that process information on our behalf under contract, such as hosting, e-mail delivery,
            payment processing (Stripe and PayPal), AI model providers, customer relationship management, analytics,
            video hosting and scheduling.
          </li>
          <li>
            Third-party tools you choose to connect, such as Asana, ClickUp or monday.com, which receive the plans you
            upload.
          </li>
          <li>Lifetime-deal and affiliate partners, limited to what is needed to confirm a purchase or referral.</li>
          <li>
            Authorities and others when required by law, or when necessary to protect the rights, safety or property of
            our users, the public or us.
          </li>
          <li>
            A buyer or successor in the event of a merger, acquisition or sale of assets, subject to this Privacy
            Policy.
          </li>
        </ul>
        <Paragraph>
          AI providers receive the content needed to answer each request. We use providers that do not use this content
          to train their models and that delete it after a limited period. We may share aggregated or de-identified
          information that cannot reasonably be used to identify you.
        </Paragraph>
      </StaticSection>

      <StaticSection id="security" title="5. Data Security">
        <Paragraph>
          We use administrative, technical and physical safeguards designed to protect personal information, including
          encryption in transit (HTTPS), hashed passwords, access controls limited to staff who need the information,
          and monitoring of our systems. Access tokens for connected tools are stored securely and used only to perform
          the uploads you request.
        </Paragraph>
        <Paragraph>
          No method of transmission or storage is completely secure, so we cannot guarantee absolute security. You help
          protect your account by choosing a strong password, keeping it confidential and signing out on shared devices.
          If we learn of a security breach that affects your personal information, we will notify you and the
          authorities as required by law.
        </Paragraph>
        <Paragraph>
          We keep personal information for as long as your account is active and afterwards only as long as needed to
          comply with our legal, tax and accounting obligations, resolve disputes and enforce our agreements.
        </Paragraph>
        <Paragraph id="your-data">
          <strong>Downloading your data.</strong> Whenever you are signed in, "Download my data" under My Data on your
          My Account page prepares one archive (a zip file) of everything we hold about you: your profile, your client
          record, your plans and AI plans, your uploads to connected tools and those connections, where you are signed
          in, your subscriptions, payments and purchases, the security events about you and the e-mails we sent you. The
          archive is ready within moments; its download link works once, for you only, for one hour. It leaves out
          secrets that are not information about you: password hashes, the hashes of codes and tokens, the access tokens
          of your connected tools and your two-factor secret.
        </Paragraph>
        <Paragraph>
          <strong>Deleting your account.</strong> "Delete my account" on the same page asks for your password (or a code
          from your authenticator app, when your account has no password; an account with neither is e-mailed a link,
          which deletes it when opened while signed in). Deletion happens immediately: we cancel your subscription with
          the payment provider, disconnect your task tools and delete their access tokens, end every session on every
          device, and delete your profile, client record, plans and AI plans, uploads, sessions, e-mails and
          mailing-list records. Security events about you are kept without your e-mail or address. We keep only the
          records the law requires for invoices (your subscriptions, payments and purchases: amounts, dates, plans and
          the payment provider's references), attached to an anonymous record without your name or e-mail. For our
          statistics about past days we also keep, without your name, e-mail or any number that leads back to you, the
          days you signed up, confirmed your address and had a trial, and the days, tools and templates of your uploads
          and plan copies and your AI credits per month. Afterwards you can sign up again with the same e-mail address
          as a new member.
        </Paragraph>
      </StaticSection>

      <StaticSection id="eu-rights" title="6. Rights of Users in the European Union">
        <Paragraph>
          If you are in the European Economic Area, the United Kingdom or Switzerland, you have the following rights
          under the General Data Protection Regulation and equivalent laws:
        </Paragraph>
        <ul>
          <li>to access the personal information we hold about you and receive a copy of it;</li>
          <li>to have inaccurate information corrected and incomplete information completed;</li>
          <li>to have your information erased, where there is no longer a valid reason to keep it;</li>
          <li>to restrict or object to processing, including processing for direct marketing;</li>
          <li>to receive your information in a portable, machine-readable format;</li>
          <li>to withdraw your consent at any time, without affecting processing carried out before.</li>
        </ul>
        <Paragraph>
          To exercise these rights, contact us at <EmailLink subject="EU Privacy Request" />. We will respond within 30
          days of receiving your request. We may need to verify your identity first. You also have the right to lodge a
          complaint with the data protection authority of your country.
        </Paragraph>
        <Paragraph>
          Your information is processed in the United States. When we transfer personal information out of the EU, the
          UK or Switzerland, we rely on appropriate safeguards such as the European Commission’s Standard Contractual
          Clauses.
        </Paragraph>
      </StaticSection>

      <StaticSection id="california-rights" title="7. Your California Privacy Rights">
        <Paragraph>
          If you are a California resident, the California Consumer Privacy Act, as amended by the California Privacy
          Rights Act, gives you the right to know what personal information we collect, use and disclose; to request
          deletion and correction of your personal information; to opt out of the sale or sharing of personal
          information; to limit the use of sensitive personal information; and not to be discriminated against for
          exercising these rights.
        </Paragraph>
        <Paragraph>
          The categories of personal information we collect are described in the section Information We Collect and How
          We Use It, and the categories of recipients in the section How We Share Information. We do not sell or share
          personal information as those terms are defined in California law, and we do not use sensitive personal
          information for purposes that would require offering a right to limit.
        </Paragraph>
        <Paragraph>
          California’s “Shine the Light” law also lets you ask once a year for information about disclosures of personal
          information to third parties for their direct marketing purposes; we make no such disclosures. To make a
          request, contact us at <EmailLink subject="California Privacy Request" />. You may use an authorised agent,
          and we will verify requests before acting on them.
        </Paragraph>
      </StaticSection>

      <StaticSection id="children" title="8. Children’s Privacy">
        <Paragraph>
          The Service is intended for adults and is not directed to children. Users must be 18 or older, and we do not
          knowingly collect personal information from children under 13.
        </Paragraph>
        <Paragraph>
          If we learn that we have collected personal information from a child under 13, we will delete it as quickly as
          possible. If you believe a child under 13 has provided us with personal information, please contact us at{' '}
          <EmailLink subject="Children's Privacy" />.
        </Paragraph>
      </StaticSection>

      <StaticSection id="do-not-track" title="9. Do-Not-Track Signals">
        <Paragraph>
          Some browsers send a “Do Not Track” signal. Because there is no common industry standard for how to respond to
          these signals, the Service does not currently respond to them. We do honour the Global Privacy Control signal
          as a valid request to opt out of the sale or sharing of personal information where the law requires it.
        </Paragraph>
        <Paragraph>
          Third parties whose content is embedded in the Service, such as video players or scheduling pages, may collect
          information about your activity over time and across websites under their own policies.
        </Paragraph>
      </StaticSection>

      <StaticSection id="governing-law" title="10. Governing Law">
        <Paragraph>
          This Privacy Policy is governed by the laws of the State of Missouri, United States, without regard to its
          conflict-of-law rules, except where the data protection law of your country of residence gives you stronger
          rights that cannot be waived. Disputes about this policy are resolved as described in our Terms of Use.
        </Paragraph>
      </StaticSection>

      <StaticSection id="changes" title="11. Changes to This Privacy Policy">
        <Paragraph>
          We may update this Privacy Policy from time to time to reflect changes to the Service or to the law. We will
          post the updated policy on this page with a new “Last updated” date. If the changes are material, we will also
          notify you by e-mail or in the Service before they take effect.
        </Paragraph>
        <Paragraph>
          We encourage you to review this policy regularly. Your continued use of the Service after an update takes
          effect means that you have read the updated policy.
        </Paragraph>
      </StaticSection>

      <StaticSection id="contact" title="12. Contact Us">
        <Paragraph>
          If you have any question about this Privacy Policy or want to exercise your rights, please contact us:
        </Paragraph>
        <ul>
          <li>
            By e-mail: <EmailLink subject="Privacy Question" />
          </li>
          <li>
            By mail: {env.COMPANY_NAME}, {env.COMPANY_ADDRESS}
          </li>
        </ul>
      </StaticSection>
    </StaticPage>
  );
}
