import { FairnessPage } from '../../features/fairness/fairness-page';

/** /fairness — how the in-house games are provably fair, with in-browser verifiers (its own chunk). */
export default function Fairness() {
  return <FairnessPage />;
}
