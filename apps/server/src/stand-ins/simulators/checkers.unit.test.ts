import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CreateTaskBody, inputError } from './clickup/clickup.contract';
import { complexityOf, MONDAY_MUTATION_COMPLEXITY, parseAndValidate, rootFields } from './monday/monday.graphql';
import { verifierMatches } from './oauth';

describe('ClickUp create-task schema', () => {
  it('needs a name, takes ms due dates and a parent', () => {
    expect(CreateTaskBody.safeParse({ name: 'T', due_date: 1_700_000_000_000, parent: 'abc' }).success).toBe(true);
    const noName = CreateTaskBody.safeParse({ description: 'x' });
    expect(noName.success).toBe(false);
    if (!noName.success)
      expect(inputError(noName.error.issues, 'Task').body).toEqual({ err: 'Task name invalid', ECODE: 'INPUT_005' });
    const badDue = CreateTaskBody.safeParse({ name: 'T', due_date: '2026-12-01' });
    expect(badDue.success).toBe(false);
    if (!badDue.success) expect(inputError(badDue.error.issues, 'Task').body.err).toMatch(/^due_date invalid/);
  });
});

describe('monday GraphQL checks (contracts/monday/schema.graphql)', () => {
  it('validates against the schema', () => {
    expect(parseAndValidate('{ me { email } }').ok).toBe(true);
    const wrong = parseAndValidate('{ me { mail } }');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.errors[0]!.message).toContain('Cannot query field "mail" on type "User"');
    expect(parseAndValidate('query A { me { id } } query B { me { id } }').ok).toBe(false);
    expect(parseAndValidate('query A { me { id } } query B { me { id } }', 'B').ok).toBe(true);
    expect(parseAndValidate('').ok).toBe(false);
  });

  it('finds root fields through fragments and prices mutations', () => {
    const parsed = parseAndValidate(
      'mutation { a: create_group(board_id: 1, group_name: "x") { id } ...F } fragment F on Mutation { b: create_group(board_id: 1, group_name: "y") { id } }',
    );
    if (!parsed.ok) throw new Error('should validate');
    expect(rootFields(parsed.document, parsed.operation).map((f) => f.alias?.value)).toEqual(['a', 'b']);
    expect(complexityOf(parsed.document, parsed.operation)).toBe(2 * MONDAY_MUTATION_COMPLEXITY + 20);
    const read = parseAndValidate('{ workspaces(limit: 5) { id name } }');
    if (!read.ok) throw new Error('should validate');
    expect(complexityOf(read.document, read.operation)).toBe(10 + 5 * 20);
  });
});

describe('sandbox OAuth rules', () => {
  it('checks a PKCE verifier against its S256 challenge', () => {
    const verifier = 'a'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(verifierMatches(challenge, verifier)).toBe(true);
    expect(verifierMatches(challenge, 'b'.repeat(43))).toBe(false);
    expect(verifierMatches(challenge, undefined)).toBe(false);
    expect(verifierMatches(null, undefined)).toBe(true);
  });
});
