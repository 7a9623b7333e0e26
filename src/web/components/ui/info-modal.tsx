import type { ComponentProps } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** A modal that only shows something: its one action, in the footer, is Close. */
export function InfoModal(props: Omit<ComponentProps<typeof Modal>, 'footer'>) {
  return (
    <Modal
      {...props}
      footer={
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      }
    />
  );
}
