import { DownloadPage } from '../../features/download/download-page';

/** /down (also /download) — the app download page. */
export default function DownPage() {
  return <DownloadPage />;
}
