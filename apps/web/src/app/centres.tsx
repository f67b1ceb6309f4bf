// The centre's chunk: the shell and every feature's centre pages (ARCHITECTURE §7). A feature
// that adds pages to a centre adds its registering module here.
import '../features/member-centre/centre-pages';
import '../features/cashier/centre-pages';

export { CentreShell as default } from '../components/centre/centre-shell';
