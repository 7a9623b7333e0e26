// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../testing/dom';
import { HALT_EXPLAINED, TradingHaltBanner } from './trading-halt-banner';

describe('the trading-halt banner of the offers screen', () => {
  it('says nothing while trading runs', () => {
    const { container } = render(
      <TradingHaltBanner halt={{ halted: false, reason: null, haltedAt: null }} />,
    );
    expect(container.textContent).toBe('');
  });

  it('announces the refusal every accept gets, word for word, and that open trades go on', () => {
    render(
      <TradingHaltBanner
        halt={{ halted: true, reason: 'Exchange down', haltedAt: '2026-11-21T10:00:00.000Z' }}
      />,
    );
    const banner = screen.getByRole('region', { name: 'Trading halted' });
    expect(screen.getByRole('alert').textContent).toBe('Trading is halted: Exchange down');
    expect(banner.textContent).toContain(HALT_EXPLAINED);
  });
});
