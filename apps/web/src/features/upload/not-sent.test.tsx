import { UPLOAD_MESSAGES } from '@dpp/shared/messages';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { NotSent } from './not-sent';

async function html(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

describe('what the tool did not receive, on the success page', () => {
  it('names each link not sent, for its task, under a heading naming the tool', async () => {
    const skipped = [
      { task: 'Bake', message: UPLOAD_MESSAGES.LINK_TO_UNKNOWN_TASK('Bake') },
      { task: 'Sell', message: UPLOAD_MESSAGES.LINK_TO_ITSELF('Sell') },
    ];
    const page = await html(<NotSent tool="Asana" skipped={skipped} />);
    expect(page).toContain('What Asana did not receive');
    // React escapes the quotes the sentences carry.
    for (const { message } of skipped) expect(page).toContain(message.replaceAll('"', '&quot;'));
    expect(page.match(/<li>/g)).toHaveLength(2);
  });

  it('shows nothing when everything went', async () => {
    expect(await html(<NotSent tool="Asana" skipped={[]} />)).toBe('');
  });
});
