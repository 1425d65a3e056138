// The logo from site.yaml's theme, as the header and footer show it: an emoji drawn from its SVG (EmojiText), or
// the catalogue's image at the height of the header's text. With a dark-mode version, both are in the page and
// the stylesheet shows the one of the current mode (header.css); both load lazily, so a visitor's browser
// fetches only the one it shows.
import type { Logo, LogoImage } from '../../src/model/model.ts';
import { EmojiText } from './EmojiText.tsx';

/** `alt`: the image's text alternative: the brand name where the logo stands for it, '' beside the name. */
export function BrandLogo({ logo, alt, emojiAlt = false }: { logo: Logo; alt: string; emojiAlt?: boolean }) {
  if (!logo.dark) return <Mark image={logo.light} alt={alt} emojiAlt={emojiAlt} />;
  return (
    <>
      <Mark image={logo.light} alt={alt} emojiAlt={emojiAlt} variant="brand-logo-light" />
      <Mark image={logo.dark} alt={alt} emojiAlt={emojiAlt} variant="brand-logo-dark" />
    </>
  );
}

function Mark({ image, alt, emojiAlt, variant }: { image: LogoImage; alt: string; emojiAlt: boolean; variant?: string }) {
  if ('emoji' in image) {
    return (
      <span className={variant ? `brand-mark ${variant}` : 'brand-mark'}>
        <EmojiText text={image.emoji} decorative={!emojiAlt} />
      </span>
    );
  }
  return (
    <img
      className={variant ? `brand-logo ${variant}` : 'brand-logo'}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={variant ? 'lazy' : undefined}
    />
  );
}
