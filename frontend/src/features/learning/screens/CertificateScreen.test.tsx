import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { installFetch } from '@/testing/installFetch';

import { isSharedLink } from '../../shell/components/ProtectedRoute';
import { makeDetail } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { CertificateView } from '../types';

const CERTIFICATE: CertificateView = {
  id: 'K7M2Q9X4B8C3D5F6',
  status: 'valid',
  learnerName: 'Amina Yusuf',
  courseId: 'c1',
  courseTitle: 'Foundations of Fiqh',
  teacherName: 'Shaykh Umar',
  completedAt: '2026-11-25T10:00:00.000Z',
  issuedAt: '2026-11-25T10:00:01.000Z',
  revokedAt: null,
};

/** The certificate route answering `certificate` (404 for any other code); a guest unless `user`. */
function serve(certificate: CertificateView | null, user: object | null = null) {
  return installFetch(
    (call) =>
      call.path === `/api/certificates/${CERTIFICATE.id}` && certificate
        ? { body: certificate }
        : call.path.startsWith('/api/certificates/')
          ? {
              status: 404,
              body: {
                error: 'Not Found',
                message: 'Certificate not found: check the code on the certificate',
                code: 'CERTIFICATE_NOT_FOUND',
              },
            }
          : undefined,
    user,
  );
}

describe('/certificates/:id', () => {
  it('shows a guest who the certificate was issued to, for which course, by whom and when, and prints it', async () => {
    serve(CERTIFICATE);
    const print = jest.fn();
    window.print = print;
    const user = userEvent.setup();
    renderLearning(`/certificates/${CERTIFICATE.id}`);
    const sheet = await screen.findByRole('article', { name: 'Certificate of completion' });
    expect(within(sheet).getByText('Valid certificate')).toBeInTheDocument();
    expect(within(sheet).getByText('Amina Yusuf')).toBeInTheDocument();
    expect(within(sheet).getByText('Foundations of Fiqh')).toBeInTheDocument();
    expect(within(sheet).getByText('taught by \u2068Shaykh Umar\u2069')).toBeInTheDocument();
    expect(within(sheet).getByText('November 25, 2026')).toBeInTheDocument();
    expect(within(sheet).getByText('K7M2-Q9X4-B8C3-D5F6')).toHaveAttribute('dir', 'ltr');
    await user.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'See the course' })).toHaveAttribute('href', '/course/c1');
    // A visitor who follows the link browses as a guest instead of meeting the sign-in screen.
    expect(isSharedLink(`/certificates/${CERTIFICATE.id}`)).toBe(true);
  });

  it('says Revoked, and when, for a certificate whose course was refunded, and offers no printing', async () => {
    serve({ ...CERTIFICATE, status: 'revoked', revokedAt: '2026-11-27T08:00:00.000Z' });
    renderLearning(`/certificates/${CERTIFICATE.id}`);
    const sheet = await screen.findByRole('article', { name: 'Certificate of completion' });
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Revoked');
    expect(sheet).toHaveAccessibleDescription('Revoked');
    expect(
      within(sheet).getByText('This certificate was revoked on November 27, 2026: the course was refunded.'),
    ).toBeInTheDocument();
    expect(within(sheet).queryByText('Valid certificate')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print or save as PDF' })).toBeNull();
  });

  it('says the certificate was not found for a code no one holds', async () => {
    serve(null);
    renderLearning('/certificates/NOSUCHCODE000000');
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByText('Check the code on the certificate, or the link you followed.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("is linked from its holder's course page", async () => {
    installFetch((call) =>
      call.path === '/api/courses/c1'
        ? { body: makeDetail({}, { enrolled: true, certificateId: CERTIFICATE.id }) }
        : call.path === '/api/courses/c1/reviews'
          ? { body: { reviews: [], nextCursor: null } }
          : undefined,
    );
    renderLearning('/course/c1');
    const links = await screen.findAllByRole('link', { name: 'View your certificate' });
    for (const link of links) expect(link).toHaveAttribute('href', `/certificates/${CERTIFICATE.id}`);
  });

  it('reads in Arabic without a gendered verb, the names and the code keeping their own direction', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      serve(CERTIFICATE);
      renderLearning(`/certificates/${CERTIFICATE.id}`);
      const sheet = await screen.findByRole('article', { name: 'شهادة إتمام' });
      expect(within(sheet).getByText('شهادة سارية')).toBeInTheDocument();
      expect(within(sheet).getByText('تشهد هذه الشهادة بإتمام')).toBeInTheDocument();
      expect(within(sheet).getByText('Amina Yusuf').tagName).toBe('BDI');
      expect(within(sheet).getByText('بإشراف \u2068Shaykh Umar\u2069')).toBeInTheDocument();
      expect(within(sheet).getByText('K7M2-Q9X4-B8C3-D5F6')).toHaveAttribute('dir', 'ltr');
      expect(screen.getByRole('button', { name: 'طباعة أو حفظ بصيغة PDF' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
