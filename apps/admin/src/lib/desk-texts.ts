import bn from '../locales/areas/content.bn.json';
import en from '../locales/areas/content.en.json';
import { addAreaTexts } from './area-texts';

// The Content and Catalog desks' texts (locales/areas/content.*.json) come with their chunks:
// each desk imports this module, so the texts load with whichever opens first.
addAreaTexts({ bn, en });
