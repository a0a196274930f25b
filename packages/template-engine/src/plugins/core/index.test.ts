import { describe, expect, it } from 'vitest';
import { corePlugin } from './index';

// Every formatter and predicate of the template language that is not about commerce.
const FORMATTERS = `AbsUrl activate-twitter-links apply audio-player capitalize child-image-meta color-weight
comment-count comment-link comments count cover-image-meta cycle date datetime datetime-interval datetimefield
decimal encode-space encode-uri encode-uri-component find-first find-last format get google-calendar-url height
html htmlattr htmltag humanizeDuration image image-color image-meta image-srcset item-classes iter json
json-pretty key-by like-button line-breaks lookup message mod output plural pluralize prop raw relative-time
resizedHeightForWidth resizedWidthForHeight round safe slugify smartypants social-button social-button-inline
squarespaceThumbnailForHeight squarespaceThumbnailForWidth str timesince truncate twitter-follow-button unit
url-encode video website-color width`.split(/\s+/);

const PREDICATES = `active-time? attachment? audio? background-source-instagram? background-source-none?
background-source-undefined? background-source-upload? background-source-video? binary? calendar-view? checkin?
child-images? clickable? collection-page? collection-template-page? collection? collectionTypeNameEquals?
comments? css-asset? current-type? debug? disqus? equal? even? event? excerpt? external-link? external-video?
folder? gallery-active-alignment-center? gallery-active-alignment-left? gallery-active-alignment-right?
gallery-auto-crop? gallery-autoplay? gallery-controls? gallery-design-grid? gallery-design-slider?
gallery-design-slideshow? gallery-design-stacked? gallery-lightbox? gallery-meta-position-bottom-left?
gallery-meta-position-bottom-right? gallery-meta-position-bottom? gallery-meta-position-center?
gallery-meta-position-top-left? gallery-meta-position-top-right? gallery-meta-position-top? gallery-meta?
gallery-show-meta-on-hover? gallery-show-meta? gallery-square-thumbs? gallery-thumbnails? gallery?
greaterThan? greaterThanOrEqual? image? index? json-export? kbarticle? lessThan? lessThanOrEqual? link?
location? main-image? notEqual? nth? odd? passthrough? plural? promotedCODE? promotedEMBED? promotedFORM?
promotedFOURSQUARE? promotedIMAGE? promotedINSTAGRAM? promotedLINK? promotedMAP? promotedQUOTE?
promotedTWITTER? promotedVIDEO? quote? redirect? same-day? serviceNameEmail? show-past-events? singular?
site-search? text? tweak-asset? tweet? undefined? units-metric? video? wordpress-export?`.split(/\s+/);

describe('corePlugin', () => {
  it('exports every non-commerce formatter and predicate, and nothing else', () => {
    expect(Object.keys(corePlugin.formatters ?? {}).sort()).toEqual([...FORMATTERS].sort());
    expect(Object.keys(corePlugin.predicates ?? {}).sort()).toEqual([...PREDICATES].sort());
  });
});
