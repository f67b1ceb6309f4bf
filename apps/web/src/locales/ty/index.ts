// Every namespace file of this language, bundled as one lazy chunk (see lib/i18n.ts).
import { byNamespace } from '../merge';

export default byNamespace(import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' }));
