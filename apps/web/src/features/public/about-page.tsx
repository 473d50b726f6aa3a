import { Article } from './article';

export default function AboutPage() {
  return <Article prefix="public.about" sections={3} />;
}
