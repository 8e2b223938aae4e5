import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeStore } from '@/app/store';
import { i18n } from '@/i18n';
import type { ReportTarget } from '@/resources/posts';
import { authApi } from '@/resources/session/api';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';

import {
  readReportReason,
  REPORT_DETAILS_MAX,
  REPORT_REASON_MAX,
  REPORT_REASONS,
  reportReasonText,
} from '../report-reasons';
import { ReportDialog } from './ReportDialog';

function signedInStore() {
  const store = makeStore();
  store.dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: MEMBER as never }]));
  void store.dispatch(authApi.endpoints.getMe.initiate());
  return store;
}

const toasts = (store: ReturnType<typeof makeStore>) => store.getState().toasts.map((t) => t.message);

function openDialog(
  answer: { status: number; body: unknown } = { status: 201, body: { success: true, reportId: 'r1', message: 'ok' } },
  target: ReportTarget = { type: 'post', id: 'p1' },
) {
  const calls = installFetch(({ method, path }) =>
    method === 'POST' && path.endsWith('/report') ? answer : undefined,
  );
  const onClose = jest.fn();
  const store = signedInStore();
  renderWithProviders(<ReportDialog target={target} onClose={onClose} />, { store });
  const dialog = screen.getByRole('dialog');
  const reports = () => calls.filter((c) => c.path.endsWith('/report')).map((c) => c.body);
  return { dialog, onClose, store, reports };
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));

describe('ReportDialog', () => {
  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  it('offers the reasons as one labelled radio group, with no text box until a reason is chosen', () => {
    const { dialog } = openDialog();
    const group = within(dialog).getByRole('group', { name: 'Why are you reporting this post?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(Object.keys(REPORT_REASONS));
    for (const name of ['Spam', 'False information', 'Hate or harassment', 'Nudity or sexual content', 'Other'])
      expect(within(group).getByRole('radio', { name })).not.toBeChecked();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('refuses to send without a reason, and names the problem on the group', async () => {
    const { dialog, reports } = openDialog();
    await submit(dialog);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Please tell us why you are reporting this post');
    expect(within(dialog).getByRole('group')).toHaveAttribute('aria-describedby', alert.id);
    expect(reports()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("sends the chosen reason's English label, and closes", async () => {
    const { dialog, reports, onClose, store } = openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Hate or harassment' }));
    await submit(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reports()).toEqual([{ reason: 'Hate or harassment' }]);
    expect(toasts(store)).toContain('Thank you. Our moderators will review this post.');
  });

  it('adds the optional details after the label', async () => {
    const { dialog, reports, onClose } = openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    const details = within(dialog).getByRole('textbox', { name: 'Add details (optional)' });
    expect(details).not.toBeRequired();
    await userEvent.type(details, '  Same link in every comment  ');
    await submit(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reports()).toEqual([{ reason: 'Spam: Same link in every comment' }]);
  });

  it('refuses Other without details, then sends "Other: <details>"', async () => {
    const { dialog, reports, onClose } = openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const details = within(dialog).getByRole('textbox', { name: "Tell us what's wrong" });
    expect(details).toBeRequired();
    await userEvent.type(details, '   ');
    await submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Please tell us what's wrong");
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(reports()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.type(details, 'Selling fake certificates');
    await submit(dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reports()).toEqual([{ reason: 'Other: Selling fake certificates' }]);
  });

  it('keeps the typed details when the reason changes', async () => {
    const { dialog } = openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Fake account');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    expect(within(dialog).getByRole('textbox', { name: 'Add details (optional)' })).toHaveValue('Fake account');
  });

  it("refuses details the server's limit has no room for, whatever the reason", async () => {
    const { dialog, reports } = openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Nudity or sexual content' }));
    const details = within(dialog).getByRole('textbox');
    await userEvent.click(details);
    await userEvent.paste('x'.repeat(REPORT_DETAILS_MAX + 1));
    await submit(dialog);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `Details must be ${REPORT_DETAILS_MAX} characters or less`,
    );
    expect(reports()).toEqual([]);
  });

  it('fits every reason with the longest details in what the server takes', () => {
    for (const reason of Object.keys(REPORT_REASONS) as Array<keyof typeof REPORT_REASONS>)
      expect(reportReasonText(reason, 'x'.repeat(REPORT_DETAILS_MAX)).length).toBeLessThanOrEqual(REPORT_REASON_MAX);
  });

  it('reads back the category and the words of every reason it sends, and anything else as words', () => {
    for (const reason of Object.keys(REPORT_REASONS) as Array<keyof typeof REPORT_REASONS>) {
      expect(readReportReason(reportReasonText(reason, ''))).toEqual({ reason, details: '' });
      expect(readReportReason(reportReasonText(reason, ' Spam: twice '))).toEqual({ reason, details: 'Spam: twice' });
    }
    for (const text of ['Spammy links', 'spam', 'Hate', 'سبام'])
      expect(readReportReason(text)).toEqual({ reason: null, details: text });
  });

  it("shows the server's refusal and keeps the dialog as it was", async () => {
    const { dialog, onClose, store } = openDialog(
      { status: 404, body: { message: 'Comment not found' } },
      { type: 'comment', id: 'c1' },
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: 'False information' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Misquotes a hadith');
    await submit(dialog);
    await waitFor(() => expect(toasts(store)).toContain('Failed to report comment: Comment not found'));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('radio', { name: 'False information' })).toBeChecked();
    expect(within(dialog).getByRole('textbox')).toHaveValue('Misquotes a hadith');
  });

  it('reads in Arabic and still sends the English label', async () => {
    await act(async () => {
      await i18n.changeLanguage('ar');
    });
    const { dialog, reports, onClose } = openDialog(undefined, { type: 'message', id: 'm1' });
    const group = within(dialog).getByRole('group', { name: 'ما سبب الإبلاغ عن هذه الرسالة؟' });
    for (const name of [
      'محتوى غير مرغوب فيه (سبام)',
      'معلومات خاطئة',
      'كراهية أو مضايقة',
      'عُري أو محتوى جنسي',
      'سبب آخر',
    ])
      expect(within(group).getByRole('radio', { name })).toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: 'سبب آخر' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'إبلاغ' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('يرجى إخبارنا ما المشكلة');

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'وصف المشكلة' }), 'رسائل احتيال');
    await userEvent.click(within(dialog).getByRole('button', { name: 'إبلاغ' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(reports()).toEqual([{ reason: 'Other: رسائل احتيال' }]);
  });
});
