import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';
import { useDialogFocus } from './useDialogFocus';

/** An opener button that shows `dialog` while open. */
function Opener({ dialog }: { dialog: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div onKeyDown={parentKeyDown}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? dialog(() => setOpen(false)) : null}
    </div>
  );
}
const parentKeyDown = jest.fn();

beforeEach(() => parentKeyDown.mockClear());

describe('Dialog', () => {
  it('takes focus, keeps Tab inside both ways, closes on Escape without passing it on, and gives focus back', async () => {
    const user = userEvent.setup();
    render(
      <Opener
        dialog={(close) => (
          <Dialog title="Report post" onClose={close} closeLabel="Close">
            <input aria-label="Reason" data-autofocus />
            <span hidden>
              <button type="button">Hidden</button>
            </span>
            <button type="button">Send</button>
          </Dialog>
        )}
      />,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Report post' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    // The last element wraps to the first (the close button), skipping what is hidden.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(parentKeyDown.mock.calls.map(([event]) => (event as KeyboardEvent).key)).not.toContain('Escape');
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the backdrop, not on one inside, and on its close button', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog title="Followers" onClose={onClose} closeLabel="Close">
        <p>Inside</p>
      </Dialog>,
    );
    await user.click(screen.getByText('Inside'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('focuses the dialog itself when nothing inside can take focus, and keeps Tab there', () => {
    render(
      <Dialog title="Nothing to do" onClose={() => undefined}>
        <p>Just text</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Nothing to do' });
    expect(dialog).toHaveFocus();
    expect(fireEvent.keyDown(dialog, { key: 'Tab' })).toBe(false);
    expect(dialog).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('is an alert dialog described by its question, with Cancel focused first', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { rerender } = render(
      <ConfirmDialog
        title="Delete comment?"
        body="This can't be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete comment?' });
    expect(dialog).toHaveAccessibleDescription("This can't be undone.");
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(
      <ConfirmDialog
        title="Delete comment?"
        body="This can't be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('useDialogFocus', () => {
  function Panel({ open, onClose }: { open: boolean; onClose: () => void }) {
    const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose, { active: open });
    return (
      <div ref={ref} onKeyDown={onKeyDown} hidden={!open}>
        <button type="button">First</button>
      </div>
    );
  }

  it('moves focus only while active, and back to the opener when it stops', () => {
    const onClose = jest.fn();
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const { rerender } = render(<Panel open={false} onClose={onClose} />);
    expect(outside).toHaveFocus();
    rerender(<Panel open onClose={onClose} />);
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    rerender(<Panel open={false} onClose={onClose} />);
    expect(outside).toHaveFocus();
    outside.remove();
  });
});
