export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { Dialog, type DialogProps } from './Dialog';
export { type DialogFocusOptions, tabbableIn, useDialogFocus } from './useDialogFocus';
