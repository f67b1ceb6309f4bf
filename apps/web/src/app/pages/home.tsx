import { CategoryTiles } from '../../features/home/category-tiles';
import { NoticeStrip } from '../../features/home/notice-strip';
import { WelcomeStrip } from '../../features/home/welcome-strip';
import { categoryPath } from '../routes';
import '../../features/home/home.css';

/** / — banner (layout), welcome, announcements and the game categories that have vendors. */
export default function HomePage() {
  return (
    <>
      <WelcomeStrip />
      <NoticeStrip />
      <CategoryTiles pathOf={categoryPath} />
    </>
  );
}
