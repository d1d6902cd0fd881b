//! End-to-end tests: the real binaries, run through pipes, with good and bad input.

mod animation;
mod archive;
mod books;
mod cli;
mod color_nonogram;
mod doc_limits;
mod harness;
mod hostile;
mod library_text;
mod machines;
mod maze_bad_input;
mod maze_pipeline;
mod maze_play;
mod maze_shapes;
mod mines_script;
mod mines_terminal;
mod module_loops;
mod nonogen;
mod nonogram;
mod pictures;
mod play;
mod replays;
mod tilings;
mod tmux;
mod topologies;
mod topology_play;
