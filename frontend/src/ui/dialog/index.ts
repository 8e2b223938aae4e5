export { Dialog, type DialogProps } from './Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { useDialogFocus, tabbableIn, type DialogFocusOptions } from './useDialogFocus';
