// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../testing/dom';
import { Modal } from './modal';

/* Escape and focus return are the browser's own <dialog> behaviour: the browser tests check them. */
describe('Modal', () => {
  it('is a dialog named by its title that closes on a backdrop click, not on a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Offer Details" onClose={onClose}>
        <button type="button">Inside</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Offer Details' });
    fireEvent.click(screen.getByRole('button', { name: 'Inside' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
