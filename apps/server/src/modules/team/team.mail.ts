import { escapeHtml } from '../../lib/escape-html';
import type { OutgoingMail } from '../../ports/mail.port';

/**
 * The invitation to a member's team: plain and short, with who invites and the accept link (its secret is in the
 * link alone). It says nothing of whether the address has an account: the accept page leads to either.
 */
export function invitationMail(
  to: string,
  invite: { ownerName: string; invitedName: string; url: string; days: number },
  support: string,
): OutgoingMail {
  const subject = `${invite.ownerName} invites you to their team on Digital Project Planner`;
  const lines = [
    `Hello ${invite.invitedName},`,
    `${invite.ownerName} invites you to join their team on Digital Project Planner, to see and work on the plans they share with you.`,
    `Open the link to accept, with an account of this e-mail address (you can create one there). The link works once and expires in ${invite.days} days.`,
    'If you do not know this person, you can ignore this e-mail.',
  ];
  const text = [...lines, '', `Accept the invitation: ${invite.url}`, '', `Questions? Write to ${support}.`].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,Arial,sans-serif;color:#0f172a;line-height:1.6">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(invite.url)}">Accept the invitation</a></p>
<p style="color:#475569;font-size:14px">Or copy this link into your browser: ${escapeHtml(invite.url)}<br>Questions? Write to ${escapeHtml(support)}.</p>
</body></html>`;
  return { to, subject, html, text };
}
