// The in-house game page's entry (play.html): no framework, its own texts, its own styles.
import '@fontsource/hind-siliguri/bengali-400.css';
import '@fontsource/hind-siliguri/bengali-600.css';
import './play.css';
import { startPlayPage } from './page';

const root = document.getElementById('play');
if (root) void startPlayPage(root);
