import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAIR_UPDATES_TOAST, toastPairUpdated } from './pair-update-toast';

// A toast container of one: the pair-updates toast is active once shown, until dismissed.
const active = new Set<unknown>();
vi.mock('react-toastify', () => {
  const show = (_text: string, options: { toastId: string }) => active.add(options.toastId);
  return {
    toast: {
      success: vi.fn(show),
      info: vi.fn(show),
      isActive: (id: string) => active.has(id),
      update: vi.fn(),
    },
  };
});

const shown = () => [...vi.mocked(toast.success).mock.calls, ...vi.mocked(toast.info).mock.calls];

describe('the pair-updates toast', () => {
  beforeEach(() => {
    active.clear();
    vi.clearAllMocks();
  });

  it("shows a toggle's 'Pair {symbol} updated' once when the socket then says the same", () => {
    toastPairUpdated('ETH/USD', 'success');
    toastPairUpdated('ETH/USD', 'info');
    expect(shown()).toEqual([['Pair ETH/USD updated', { toastId: PAIR_UPDATES_TOAST }]]);
    expect(toast.update).not.toHaveBeenCalled();
  });

  it('shows it once when the socket is first', () => {
    toastPairUpdated('ETH/USD', 'info');
    toastPairUpdated('ETH/USD', 'success');
    expect(vi.mocked(toast.info).mock.calls).toEqual([
      ['Pair ETH/USD updated', { toastId: PAIR_UPDATES_TOAST }],
    ]);
    expect(toast.update).not.toHaveBeenCalled();
  });

  it('re-words the open toast for another pair, and shows a new one after it closed', () => {
    toastPairUpdated('ETH/USD', 'info');
    toastPairUpdated('SOL/USD', 'success');
    expect(vi.mocked(toast.update).mock.calls).toEqual([
      [PAIR_UPDATES_TOAST, { render: 'Pair SOL/USD updated', type: 'success' }],
    ]);
    active.clear();
    toastPairUpdated('SOL/USD', 'info');
    expect(vi.mocked(toast.info).mock.calls.at(-1)).toEqual([
      'Pair SOL/USD updated',
      { toastId: PAIR_UPDATES_TOAST },
    ]);
  });
});
