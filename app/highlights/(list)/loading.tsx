import { HighlightsLoading } from '@/components/highlights/highlights-states';
import { Container } from '@/components/ui/container';

/** Shown while a highlights page streams in (spec §2: loading state). */
export default function Loading() {
  return (
    <Container>
      <HighlightsLoading />
    </Container>
  );
}
