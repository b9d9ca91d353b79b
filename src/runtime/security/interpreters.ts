/** Programs that run the code they are given: shells, `eval`/`source`, and script interpreters. */
export const INTERPRETERS = /^(?:sh|bash|zsh|dash|ksh|fish|eval|source|\.|perl|ruby|node|php|python[\d.]*)$/;

/** Shells whose `-c` argument, here-string or heredoc is itself a shell script. */
export const SHELLS = /^(?:sh|bash|zsh|dash|ksh)$/;
