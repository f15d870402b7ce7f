import { MEMBER_BUDGETS } from '@dpp/shared/constants';
import { tryAgainIn } from '@dpp/shared/messages';
import { MY_PLAN_PROGRESS_MESSAGES } from '@dpp/shared/schemas/my-plans';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { refreshFailure } from './my-plans-format';

describe('refreshFailure', () => {
  it("shows a Refresh refused for the member's budget in the server's words, which say when to try again", () => {
    const message = MY_PLAN_PROGRESS_MESSAGES.REFRESHES_PER_MINUTE(MEMBER_BUDGETS.REFRESHES_PER_MINUTE, tryAgainIn(40));
    expect(refreshFailure(new ApiError(429, 'RATE_LIMITED', message))).toEqual({
      kind: 'warning',
      title: 'The progress was not read',
      description: 'You can refresh the progress of up to 10 projects a minute. Please try again in 40 seconds.',
    });
  });

  it("shows any other failure as an error, in the server's words when it gave some", () => {
    expect(refreshFailure(new ApiError(404, 'NOT_FOUND', MY_PLAN_PROGRESS_MESSAGES.NOT_SENT))).toMatchObject({
      kind: 'error',
      description: MY_PLAN_PROGRESS_MESSAGES.NOT_SENT,
    });
    expect(refreshFailure(new TypeError('boom'))).toMatchObject({ kind: 'error', description: 'Please try again' });
  });
});
