import { describe, expect, it } from 'vitest';
import type { Approval } from '../../../../contract/admin-approvals';
import { approvalsCsv } from './approvals-csv';

const approval = (over: Partial<Approval>): Approval => ({
  id: 'p1',
  type: 'withdrawal',
  amount: 20,
  status: 'pending',
  createdAt: '2026-11-21T10:00:00.000Z',
  User: { username: 'ann', email: 'ann@example.com' },
  ...over,
});

describe('the approvals CSV', () => {
  it('has the spec columns in order, amounts as numbers and a missing username empty', () => {
    const csv = approvalsCsv([
      approval({}),
      approval({ id: 'p2', amount: 1234.5, User: { username: null, email: 'bo@example.com' } }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'id,username,email,amount,createdAt,status',
      'p1,ann,ann@example.com,20,2026-11-21T10:00:00.000Z,pending',
      'p2,,bo@example.com,1234.5,2026-11-21T10:00:00.000Z,pending',
      '',
    ]);
  });

  it('makes a username a spreadsheet would run inert', () => {
    const csv = approvalsCsv([approval({ User: { username: '=HYPERLINK("x")', email: 'e@x.io' } })]);
    expect(csv.split('\r\n')[1]).toBe(`p1,"'=HYPERLINK(""x"")",e@x.io,20,2026-11-21T10:00:00.000Z,pending`);
  });
});
