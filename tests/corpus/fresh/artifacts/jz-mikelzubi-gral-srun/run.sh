#Script to train the models of all languages with Basque dev and test them in Basque
python Translate_Files/translateEus.py
bash Train_Files/trainRed.sh euskara

#Script to train the models of all languages with its own dev and test them.
#bash Train_Files/train.sh
