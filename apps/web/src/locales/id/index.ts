// Every namespace file of this language, bundled as one lazy chunk (see lib/i18n.ts); play*.json
// (play.json, play-<game>.json) belong to the in-house game pages (src/play), which load them.
import { byNamespace } from '../merge';

export default byNamespace(
  import.meta.glob<Record<string, unknown>>(['./*.json', '!./play*.json'], { eager: true, import: 'default' }),
);
