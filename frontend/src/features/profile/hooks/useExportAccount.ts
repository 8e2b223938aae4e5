import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { downloadJson, exportFileName, useExportAccountMutation } from '../accountApi';

/** "Download my data": fetches the export and saves it as a JSON file. */
export function useExportAccount(username: string): { start: () => Promise<void>; isExporting: boolean } {
  const { t } = useTranslation();
  const toast = useToast();
  const [exportAccount, { isLoading }] = useExportAccountMutation();
  const start = async () => {
    try {
      const data = await exportAccount().unwrap();
      downloadJson(data, exportFileName(username));
      toast(t('profile.export.done'), 'success');
    } catch {
      toast(t('profile.export.failed'), 'error');
    }
  };
  return { start, isExporting: isLoading };
}
