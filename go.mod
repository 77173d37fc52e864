module github.com/ptxabi/ptxabi

go 1.26
