import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  padding: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: '15px',
  lineHeight: 1.5,
});
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
globalStyle('h1, h2, h3, h4', { margin: 0, lineHeight: 1.25 });
// Island wrappers must not affect layout.
globalStyle('app-island', { display: 'contents' });
globalStyle('body.scroll-locked', { overflow: 'hidden' });
// A control the signed-in role may not use (docs/decisions/164): greyed but focusable, so its
// reason shows on hover and focus.
globalStyle('[aria-disabled="true"]', { opacity: 0.55, cursor: 'not-allowed' });
// A date input's parts take focus inside it, where :focus-visible does not reach the input.
globalStyle('input[type="date"]:focus-within', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

// Tables wider than a phone scroll sideways inside their box, with the first column (the row's
// name) kept in view (docs/decisions/184).
// Its box is a size container so that the caption, as wide as the table, can be held to the
// visible width and wrap there instead of running off a phone's screen.
globalStyle('[data-scroll-x]', {
  overflowX: 'auto',
  maxWidth: '100%',
  containerType: 'inline-size',
});
globalStyle('[data-scroll-x] > table > caption', {
  position: 'sticky',
  left: 0,
  maxWidth: '100cqi',
});
globalStyle('[data-scroll-x] > table > * > tr > :first-child', {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: vars.color.surface,
});
