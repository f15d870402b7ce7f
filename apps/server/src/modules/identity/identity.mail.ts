import { escapeHtml } from '../../lib/escape-html';
import type { OutgoingMail } from '../../ports/mail.port';

const BRAND = '#4F46E5';

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, support: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:14px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-weight:700;font-size:18px;color:${BRAND}">Digital Project Planner</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${BRAND};color:#fff;text-decoration:none;padding:12px 24px;border-radius:10px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#475569">Or copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(action.url)}</a></p>
<p style="margin:24px 0 0;font-size:14px;color:#475569">Questions? Write to ${escapeHtml(support)}.</p>
</td></tr></table></td></tr></table></body></html>`;
}

function plain(title: string, paragraphs: string[], action: { label: string; url: string }, support: string) {
  return [title, '', ...paragraphs, '', `${action.label}: ${action.url}`, '', `Questions? Write to ${support}.`].join(
    '\n',
  );
}

function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  support: string,
) {
  return {
    to,
    subject,
    html: layout(subject, paragraphs, action, support),
    text: plain(subject, paragraphs, action, support),
  } satisfies OutgoingMail;
}

export function verificationMail(to: string, url: string, support: string): OutgoingMail {
  return mail(
    to,
    'Verify your e-mail address',
    [
      'Welcome to Digital Project Planner! Please confirm that this is your e-mail address to finish creating your account.',
      'The link works once and expires in 24 hours.',
    ],
    { label: 'Verify my e-mail', url },
    support,
  );
}

export function resetMail(to: string, url: string, support: string): OutgoingMail {
  return mail(
    to,
    'Reset your password',
    [
      'We received a request to reset the password of your Digital Project Planner account.',
      'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail: your password stays the same.',
    ],
    { label: 'Choose a new password', url },
    support,
  );
}

/** The lifetime-deal welcome: confirm the address, then log in with the code as the first password. */
export function lifetimeDealMail(to: string, url: string, support: string): OutgoingMail {
  return mail(
    to,
    'Your lifetime deal is ready: confirm your e-mail and set your password',
    [
      'Thank you for redeeming your AppSumo code! Your Digital Project Planner account is ready.',
      'Press the button below to confirm this address. Then log in with this e-mail and your AppSumo code as the password: you will choose your own password right away.',
      'The link works once and expires in 24 hours.',
    ],
    { label: 'Confirm and set my password', url },
    support,
  );
}

/**
 * The confirmation of an account deletion asked for by an account that has neither a password nor a second factor
 * (made through Google or Facebook): only who reads this mailbox can follow it.
 */
export function accountDeletionMail(to: string, url: string, minutes: number, support: string): OutgoingMail {
  return mail(
    to,
    'Confirm the deletion of your account',
    [
      'We received a request to delete your Digital Project Planner account and all your data.',
      `Open the link below in the browser where you are signed in to this account: your account is deleted at once. The link works once and expires in ${minutes} minutes.`,
      'If you did not ask for it, ignore this e-mail: nothing is deleted, and you may want to end your other sessions from My Account.',
    ],
    { label: 'Delete my account', url },
    support,
  );
}
