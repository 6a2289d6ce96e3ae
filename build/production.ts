// React renders several times faster without its development checks; the build wants the
// production renderer unless the caller asked for something else. Imported first, before React.
process.env.NODE_ENV ??= 'production';
