import type { Locator, Page } from 'playwright-core';

/** The Kill Switch section of /admin/settings (issue #20). */
export const killSwitchSection = {
  region(page: Page): Locator {
    return page.getByRole('region', { name: 'Kill Switch' });
  },
  /** Running or halted: the section's announced state. */
  state(page: Page): Locator {
    return killSwitchSection.region(page).getByRole('status');
  },
  /** Fills the reason and asks to halt (or to replace the reason); the Confirmation dialog follows. */
  async askToHalt(page: Page, reason: string) {
    const form = killSwitchSection.region(page).getByRole('form', { name: /^(Halt Trading|Update Reason)$/ });
    await form.getByRole('textbox').fill(reason);
    await form.getByRole('button', { name: /^(Halt Trading|Update Reason)$/ }).click();
  },
  async askToResume(page: Page) {
    await killSwitchSection.region(page).getByRole('button', { name: 'Resume Trading' }).click();
  },
  confirmation(page: Page): Locator {
    return page.getByRole('dialog', { name: 'Confirmation' });
  },
};

/** The trader's banner above the offers while trading is halted. */
export function haltBanner(page: Page): Locator {
  return page.getByRole('region', { name: 'Trading halted' });
}
