import { StreamLanguage, type StringStream } from '@codemirror/language';

/**
 * JSON-T highlighting for CodeMirror: `{.directives}` as keywords, `{variables}` with their
 * `|formatters`, and HTML tag names around them. A stream tokenizer is enough: the engine itself
 * reports the errors (see the linter of the template editor).
 */
interface State {
  inTag: boolean;
  afterPipe: boolean;
}

function token(stream: StringStream, state: State): string | null {
  if (!state.inTag) {
    if (stream.match(/^\{(?=[.@A-Za-z_$#])/)) {
      state.inTag = true;
      return 'brace';
    }
    if (stream.match(/^<\/?[A-Za-z][\w-]*/)) return 'tagName';
    if (stream.match(/^<!--.*?(-->|$)/)) return 'comment';
    stream.next();
    while (!stream.eol() && !/[{<]/.test(stream.peek()!)) stream.next();
    return null;
  }
  if (stream.eatSpace()) return null;
  if (stream.eat('}')) {
    state.inTag = false;
    state.afterPipe = false;
    return 'brace';
  }
  if (stream.eat('|')) {
    state.afterPipe = true;
    return 'operator';
  }
  if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
  if (stream.match(/^-?\d+(\.\d+)?/)) return 'number';
  if (stream.match(/^\.[A-Za-z][\w?-]*/)) return 'keyword';
  if (stream.match(/^[@$A-Za-z_][\w.@$-]*/)) return state.afterPipe ? 'propertyName' : 'variableName';
  stream.next();
  return null;
}

export const jsonT = StreamLanguage.define<State>({
  name: 'json-t',
  startState: () => ({ inTag: false, afterPipe: false }),
  token,
  copyState: (s) => ({ ...s }),
});
