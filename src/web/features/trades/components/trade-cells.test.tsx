// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ORDER_CHECK_TEXT } from '../../../../contract/trades';
import { render, screen } from '../../../testing/dom';
import { TradeStatusBadge } from './trade-cells';

describe('a trade status', () => {
  it('says an order is being checked with the exchange only while it is', () => {
    const { unmount } = render(<TradeStatusBadge status="open" orderCheck="entry" />);
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByTestId('order-check').textContent).toBe(ORDER_CHECK_TEXT);
    unmount();

    render(<TradeStatusBadge status="open" orderCheck={null} />);
    expect(screen.queryByTestId('order-check')).toBeNull();
  });
});
