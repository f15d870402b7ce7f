import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../lib/escape-html';
import type { Account } from './sandbox-store';

/** The simulators' own HTML pages: their frame and style, and the consent screen of their OAuth dance. */

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:860px;margin:32px auto;padding:0 16px;color:#0f172a;line-height:1.5}
h1{font-size:1.6rem}form{border:1px solid #cbd5e1;border-radius:12px;padding:16px 20px}label{display:block;font-weight:600;margin:12px 0 4px}
input{font:inherit;padding:8px 10px;border:1px solid #64748b;border-radius:8px;width:100%;max-width:420px;box-sizing:border-box}
.actions{display:flex;gap:12px;margin-top:16px}button{font:inherit;padding:8px 20px;border-radius:8px;border:1px solid #1e3a8a;cursor:pointer}
.allow{background:#1e3a8a;color:#fff}.deny{background:#fff;color:#1e3a8a}.note{color:#334155}.error{color:#991b1b;font-weight:600}
ul.tree{padding-left:20px}ul.tree li{margin:2px 0}.kind{color:#475569;font-size:.85em;margin-right:6px}code{background:#f1f5f9;padding:0 4px}
.state{font-size:.85em;margin-left:6px;color:#334155}.state-done{color:#166534;font-weight:700}
form.tick{display:inline-block;border:0;padding:0;margin:0 0 0 8px}form.tick button{padding:0 10px;font-size:.85em;background:#fff;color:#1e3a8a}`;

/** Sends a simulator page with a policy of its own: no script at all, forms may post back here and go on to PUBLIC_URL. */
export function sendPage(reply: FastifyReply, publicUrl: string, title: string, body: string, status = 200) {
  const origin = new URL(publicUrl).origin;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${origin}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

interface ConsentPageOptions {
  toolName: string;
  action: string;
  hidden: Record<string, string | undefined>;
  accounts: Account[];
  error?: string;
}

/** The consent screen: pick or type a sandbox identity, then Allow or Deny. */
export function consentBody({ toolName, action, hidden, accounts, error }: ConsentPageOptions): string {
  const hiddenInputs = Object.entries(hidden)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const options = accounts.map((a) => `<option value="${escapeHtml(a.email)}"></option>`).join('');
  const known = accounts.length
    ? `<p class="note">Sandbox accounts already here: ${accounts.map((a) => `<code>${escapeHtml(a.email)}</code>`).join(', ')}.</p>`
    : '';
  return `<h1>${escapeHtml(toolName)} sandbox: authorize Digital Project Planner</h1>
<p>Digital Project Planner asks to create projects and tasks in your ${escapeHtml(toolName)} account. This is a local simulator: nothing leaves this machine.</p>
<form method="post" action="${escapeHtml(action)}">${hiddenInputs}
<label for="email">Sandbox account e-mail</label>
<input id="email" name="email" type="email" autocomplete="email" list="sandbox-accounts" required aria-describedby="email-help"${error ? ' aria-invalid="true"' : ''}>
<datalist id="sandbox-accounts">${options}</datalist>
<p id="email-help" class="note">Choose an existing sandbox account or type a new e-mail to create one.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}${known}
<div class="actions"><button class="allow" type="submit" name="decision" value="allow">Allow</button>
<button class="deny" type="submit" name="decision" value="deny" formnovalidate>Deny</button></div></form>`;
}

export function errorBody(toolName: string, message: string): string {
  return `<h1>${escapeHtml(toolName)} sandbox: authorization failed</h1><p class="error" role="alert">${escapeHtml(message)}</p>`;
}
