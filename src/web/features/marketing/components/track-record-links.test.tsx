// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../testing/dom';
import { HeroSection } from './landing/hero-section';
import { PricingPage } from './pricing-page';

describe('links to the public track record', () => {
  it('leads there from the landing hero, signed in or not', () => {
    for (const signedIn of [false, true]) {
      const { unmount } = render(
        <MemoryRouter>
          <HeroSection signedIn={signedIn} />
        </MemoryRouter>,
      );
      expect(screen.getByRole('link', { name: 'View Track Record' }).getAttribute('href')).toBe(
        '/track-record',
      );
      unmount();
    }
  });

  it('leads there from the pricing page', () => {
    render(
      <MemoryRouter>
        <PricingPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'track record' }).getAttribute('href')).toBe('/track-record');
  });
});
