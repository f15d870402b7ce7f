import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeScript {
  src: string;
  async: boolean;
  dataset: Record<string, string>;
}

/** A page with just what the referral hook touches: the head, script lookup and window. */
function fakePage() {
  const added: FakeScript[] = [];
  const document = {
    createElement: vi.fn((): FakeScript => ({ src: '', async: false, dataset: {} })),
    querySelector: vi.fn(
      (selector: string) => added.find((script) => selector.includes(`"${script.dataset.rewardful}"`)) ?? null,
    ),
    head: { appendChild: vi.fn((script: FakeScript) => added.push(script)) },
  };
  const window: { rewardful?: ((...args: unknown[]) => void) & { q?: unknown[][] } } = {};
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  return { added, document, window };
}

/** The hook as the build compiles it with this VITE_REFERRAL_SCRIPT_ID. */
async function referralWith(scriptId: string) {
  vi.stubEnv('VITE_REFERRAL_SCRIPT_ID', scriptId);
  vi.resetModules();
  return (await import('./referral')).referralConversion;
}

describe('the referral conversion after a payment', () => {
  let page: ReturnType<typeof fakePage>;
  beforeEach(() => {
    page = fakePage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('loads nothing and converts nothing when no script id is configured', async () => {
    const referralConversion = await referralWith('');
    referralConversion('buyer@example.com');
    expect(page.document.createElement).not.toHaveBeenCalled();
    expect(page.document.head.appendChild).not.toHaveBeenCalled();
    expect(page.window.rewardful).toBeUndefined();
  });

  it("loads the tool's script once and queues the conversion when a script id is set", async () => {
    const referralConversion = await referralWith('ref-123');
    referralConversion('buyer@example.com');
    referralConversion('buyer@example.com');
    expect(page.added).toEqual([{ src: 'https://r.wdfl.co/rw.js', async: true, dataset: { rewardful: 'ref-123' } }]);
    expect(page.window.rewardful?.q).toEqual([
      ['convert', { email: 'buyer@example.com' }],
      ['convert', { email: 'buyer@example.com' }],
    ]);
  });
});
