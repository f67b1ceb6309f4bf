import { HelpCenter } from '../../features/help/help-center';

/** /help — the help centre inside the site frame (also the terms link of registration). */
export default function HelpPage() {
  return <HelpCenter />;
}
