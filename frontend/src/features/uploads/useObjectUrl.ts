import { useEffect, useState } from 'react';

/**
 * A `blob:` URL for showing a file the member picked before it is uploaded. It is revoked when the
 * file changes or the component goes (the file removed or sent), so the browser lets the bytes go.
 * null until made, and where the browser makes no object URLs.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
