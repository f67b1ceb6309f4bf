// Every namespace file of this language, bundled as one lazy chunk (see lib/i18n.ts); play.json
// belongs to the in-house game page (src/play), which loads it itself.
import { byNamespace } from '../merge';

export default byNamespace(
  import.meta.glob<Record<string, unknown>>(['./*.json', '!./play.json'], { eager: true, import: 'default' }),
);
